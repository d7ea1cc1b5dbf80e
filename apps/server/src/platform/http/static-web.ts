import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from './http-error.ts';

/**
 * Serves the built web app: hashed assets cached for a year, translation files at
 * /i18n/{namespace}/{language}.json, and index.html for every other page path (client routing).
 * Unknown /api paths stay JSON 404s.
 */
export async function registerStaticWeb(app: FastifyInstance, distDir: string): Promise<void> {
  const hasWeb = existsSync(path.join(distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: distDir, serve: false });
    app.get(
      '/*',
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const file = decodeURIComponent(request.url.split('?')[0] ?? '/').replace(/^\/+/, '');
        if (
          file &&
          !file.includes('..') &&
          existsSync(path.join(distDir, file)) &&
          path.extname(file)
        ) {
          const immutable = file.startsWith('assets/');
          return reply.sendFile(file, {
            maxAge: immutable ? 31_536_000_000 : 0,
            immutable,
            cacheControl: true,
          });
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
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}
