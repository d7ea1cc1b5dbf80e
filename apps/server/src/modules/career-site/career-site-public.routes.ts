import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config/config.ts';
import type { AttemptLimiter } from '../../platform/http/attempt-limiter.ts';
import { HttpError } from '../../platform/http/http-error.ts';
import { readMultipart, type MultipartFile } from '../../platform/http/parse-body.ts';
import type { ApplyBody, CareerSiteApplyService } from './career-site-apply.service.ts';
import type {
  CareerSitePublicService,
  ListQuery,
  PublicAnswer,
} from './career-site-public.service.ts';

/** The page views' window: CAREER_SITE_VIEWS_PER_MINUTE per client address in it. */
export const CAREER_SITE_VIEWS_WINDOW_MINUTES = 1;

const first = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : Array.isArray(value) && typeof value[0] === 'string'
      ? value[0]
      : undefined;

/**
 * The public career site (issue 37 part 2), outside /api and outside the web app: the server
 * answers these paths itself (the web app's fallback never sees them). Every route is public and
 * counted per client address: in Redis when configured, else in the process (career-site.plugin.ts).
 */
export function careerSitePublicRoutes(
  service: CareerSitePublicService,
  limiter: AttemptLimiter,
  config: Pick<Config, 'publicUrl' | 'uploadMaxBytes' | 'uploadMaxMb' | 'careerSiteViewsPerMinute'>,
  apply: CareerSiteApplyService | null = null,
) {
  return async (app: FastifyInstance) => {
    const open = { config: { access: 'public' as const }, schema: { hide: true } };
    const base = (request: FastifyRequest) =>
      config.publicUrl ?? `${request.protocol}://${request.host}`;
    const limit = (request: FastifyRequest) =>
      limiter.take([{ key: `career-site:${request.ip}`, limit: config.careerSiteViewsPerMinute }]);
    const rawQuery = (request: FastifyRequest) => {
      const at = request.url.indexOf('?');
      return at < 0 ? '' : request.url.slice(at);
    };
    const send = (reply: FastifyReply, answer: PublicAnswer | null) => {
      if (!answer)
        return reply
          .status(404)
          .header('content-type', 'text/plain; charset=utf-8')
          .send('Not found');
      switch (answer.kind) {
        case 'redirect':
          return reply.redirect(answer.location, answer.status ?? 301);
        case 'xml':
          return reply
            .header('content-type', 'application/xml; charset=utf-8')
            .header('cache-control', 'public, max-age=300')
            .send(answer.body);
        case 'html':
          if (answer.retryAfter) reply.header('retry-after', String(answer.retryAfter));
          // The form with a candidate's input, the confirmation: theirs only, never indexed.
          if (answer.private) reply.header('x-robots-tag', 'noindex');
          return reply
            .status(answer.status ?? 200)
            .header('content-type', 'text/html; charset=utf-8')
            .header('content-language', answer.language)
            .header('vary', 'Accept-Language')
            .header('cache-control', answer.private ? 'no-store' : 'public, max-age=60')
            .send(answer.body);
        case 'not_found':
          return reply
            .status(404)
            .header('content-type', 'text/html; charset=utf-8')
            .header('content-language', answer.language)
            .header('cache-control', 'no-store')
            .send(answer.body);
      }
    };
    type Params = { slug: string };

    app.get<{ Params: Params }>('/careers/:slug', open, async (request, reply) => {
      await limit(request);
      const q = request.query as Record<string, unknown>;
      const query: ListQuery = {
        q: first(q.q),
        contract: first(q.contract),
        place: first(q.place),
        remote: first(q.remote),
        subsidiary: first(q.subsidiary),
        page: first(q.page),
        lng: first(q.lng),
      };
      return send(
        reply,
        await service.list(
          request.params.slug,
          query,
          base(request),
          request.headers['accept-language'],
          rawQuery(request),
        ),
      );
    });
    app.get<{ Params: Params & { offer: string } }>(
      '/careers/:slug/offers/:offer',
      open,
      async (request, reply) => {
        await limit(request);
        return send(
          reply,
          await service.offer(
            request.params.slug,
            request.params.offer,
            first((request.query as Record<string, unknown>).lng),
            base(request),
            request.headers['accept-language'],
            rawQuery(request),
            first((request.query as Record<string, unknown>).source) ?? null,
          ),
        );
      },
    );
    if (apply) {
      // The apply form (part 3): a plain multipart POST to the offer's address, no account.
      app.post<{ Params: Params & { offer: string } }>(
        '/careers/:slug/offers/:offer',
        open,
        async (request, reply) => {
          await limit(request);
          const body: ApplyBody = { fields: {}, files: [] as MultipartFile[] };
          if (request.isMultipart()) {
            try {
              await readMultipart(request, config.uploadMaxBytes, config.uploadMaxMb, body);
            } catch (err) {
              // A file over the limit: the form again with what was read before it.
              if (!(err instanceof HttpError) || err.statusCode !== 413 || !err.errors) throw err;
              const [field, codes] = Object.entries(err.errors)[0] ?? [];
              if (!field || !codes?.[0]?.startsWith('file_too_large')) throw err;
              body.tooLarge = { field, code: codes[0] };
            }
          }
          return send(
            reply,
            await apply.apply(
              request.params.slug,
              request.params.offer,
              body,
              request.ip,
              base(request),
              request.headers['accept-language'],
            ),
          );
        },
      );
      app.get<{ Params: Params & { offer: string } }>(
        '/careers/:slug/offers/:offer/applied',
        open,
        async (request, reply) => {
          await limit(request);
          return send(
            reply,
            await apply.applied(
              request.params.slug,
              request.params.offer,
              first((request.query as Record<string, unknown>).lng),
              base(request),
              request.headers['accept-language'],
              rawQuery(request),
            ),
          );
        },
      );
    }
    app.get<{ Params: Params }>('/careers/:slug/privacy', open, async (request, reply) => {
      await limit(request);
      return send(
        reply,
        await service.privacy(
          request.params.slug,
          first((request.query as Record<string, unknown>).lng),
          base(request),
          request.headers['accept-language'],
          rawQuery(request),
        ),
      );
    });
    app.get<{ Params: Params }>('/careers/:slug/sitemap.xml', open, async (request, reply) => {
      await limit(request);
      return send(reply, await service.sitemap(request.params.slug, base(request)));
    });
    app.get<{ Params: Params }>('/careers/:slug/feed.xml', open, async (request, reply) => {
      await limit(request);
      const board = first((request.query as Record<string, unknown>).board);
      return send(reply, await service.feed(request.params.slug, board, base(request)));
    });
    app.get<{ Params: Params }>('/careers/:slug/logo', open, async (request, reply) => {
      await limit(request);
      const logo = await service.logo(request.params.slug);
      if (!logo) return send(reply, null);
      return (
        reply
          .header('content-type', logo.mime)
          .header('cache-control', 'public, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          // Link previews and job boards show the logo and pictures from other sites.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(logo.data)
      );
    });
    app.get<{ Params: Params & { id: string } }>(
      '/careers/:slug/images/:id',
      open,
      async (request, reply) => {
        await limit(request);
        const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
        const thumbnail = first((request.query as Record<string, unknown>).size) === 'thumbnail';
        const image = id ? await service.image(request.params.slug, id, thumbnail) : null;
        if (!image) return send(reply, null);
        return (
          reply
            .header('content-type', image.mime)
            .header('cache-control', 'public, max-age=86400')
            .header('x-content-type-options', 'nosniff')
            // Link previews and job boards show the logo and pictures from other sites.
            .header('cross-origin-resource-policy', 'cross-origin')
            .send(image.data)
        );
      },
    );
  };
}
