import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from './http-error.ts';
import { webCacheControl } from './web-cache-control.ts';

/**
 * Serves the built web app: hashed assets cached for a year, translation files at
 * /i18n/{namespace}/{language}.json, and index.html for every other page path (client routing).
 * Unknown /api paths stay JSON 404s.
 *
 * The web build writes a `.br` and a `.gz` beside each text file worth compressing; the one the
 * browser accepts (Accept-Encoding) is sent with the original's content type, `Vary:
 * Accept-Encoding`, and no compression work at request time.
 */
export async function registerStaticWeb(app: FastifyInstance, distDir: string): Promise<void> {
  const hasWeb = existsSync(path.join(distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      serve: false,
      preCompressed: true,
      // Our own Cache-Control below; ETag and Last-Modified still let browsers revalidate.
      cacheControl: false,
    });
    app.get(
      '/*',
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const [pathname = '/', search = ''] = request.url.split('?');
        const file = decodeURIComponent(pathname).replace(/^\/+/, '');
        if (
          file &&
          !file.includes('..') &&
          existsSync(path.join(distDir, file)) &&
          path.extname(file)
        ) {
          const versioned = new URLSearchParams(search).has('v');
          return reply.header('cache-control', webCacheControl(file, versioned)).sendFile(file);
        }
        return sendIndexOrNotFound(request, reply);
      },
    );
  }
  app.setNotFoundHandler(async (request, reply) =>
    hasWeb ? sendIndexOrNotFound(request, reply) : Promise.reject(notFound('Route')),
  );
}

async function sendIndexOrNotFound(request: FastifyRequest, reply: FastifyReply) {
  const pagePath = request.method === 'GET' && !/^\/(api|i18n|assets)\//.test(request.url);
  if (!pagePath) throw notFound('Route');
  // A page opened by a token (shared link, document upload, booking) never hands its address,
  // token included, to anyone as a referrer: not to other sites, not to its own requests.
  if (TOKEN_PAGE.test(request.url)) void reply.header('referrer-policy', 'no-referrer');
  return reply.header('cache-control', webCacheControl('index.html', false)).sendFile('index.html');
}

const TOKEN_PAGE = /^\/(shared|documents-upload|booking)\//;
