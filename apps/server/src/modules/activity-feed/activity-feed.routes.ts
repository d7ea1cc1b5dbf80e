import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZFeedCategories,
  ZFeedPostAnswer,
  ZFeedPage,
  ZFeedTarget,
  ZMentionables,
} from '@embauche/contracts/activity-feed';
import { ZIdParam } from '@embauche/contracts/ids';
import { SEE_ACTIVITY_FEED } from '@embauche/contracts/permissions';
import { requireAccess } from '../../platform/auth/access.ts';
import { contentDisposition } from '../../platform/http/content-disposition.ts';
import type { ActivityFeedService } from './activity-feed.service.ts';
import { readFeedPayload } from './feed-payload.ts';

/** The target, and `page`, `per_page`, `filter[…]` read by the service (kept, not stripped). */
const listQuery = ZFeedTarget.loose();

function sendFile(
  reply: FastifyReply,
  file: { data: Readable; size: number; mime: string; filename: string },
) {
  return reply
    .header('content-length', file.size)
    .header('content-type', file.mime)
    .header('content-disposition', contentDisposition('inline', file.filename))
    .header('cache-control', 'private, max-age=300')
    .header('x-content-type-options', 'nosniff')
    .send(file.data);
}

/**
 * Spec section 7 "Activity feed", the applicant's feed and the mention lists of "Users". Every
 * route needs `project_application.see_activity_feed` (spec 6): others get 403.
 */
export function activityFeedRoutes(
  service: ActivityFeedService,
  limits: { maxBytes: number; maxMb: number },
) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: SEE_ACTIVITY_FEED };
    const query = (q: unknown) => q as Record<string, unknown>;

    app.get(
      '/activity-feed',
      { config, schema: { querystring: listQuery, response: { 200: ZFeedPage } } },
      async (request) => service.list(requireAccess(request), request.query, query(request.query)),
    );
    app.get(
      '/activity-feed/categories',
      { config, schema: { querystring: listQuery, response: { 200: ZFeedCategories } } },
      async (request) =>
        service.categories(requireAccess(request), request.query, query(request.query)),
    );
    app.post(
      '/activity-feed',
      {
        config,
        schema: {
          querystring: ZFeedTarget,
          response: { 200: ZFeedPostAnswer, 201: ZFeedPostAnswer },
        },
      },
      async (request, reply) => {
        const auth = requireAccess(request);
        const { input, presence, files } = await readFeedPayload(request, limits);
        const { created, entry } = await service.post(auth, request.query, input, presence, files);
        return reply.status(created ? 201 : 200).send(entry);
      },
    );
    app.get(
      '/activity-feed/attachments/:attachment_id',
      { config, schema: { params: z.object({ attachment_id: ZIdParam }) } },
      async (request, reply) =>
        sendFile(
          reply,
          await service.attachment(requireAccess(request), request.params.attachment_id),
        ),
    );
    app.get(
      '/applicants/:id/activity-feed',
      {
        config,
        schema: {
          params: z.object({ id: ZIdParam }),
          querystring: z.object({ offer_id: ZIdParam.optional() }).loose(),
          response: { 200: ZFeedPage },
        },
      },
      async (request) =>
        service.list(
          requireAccess(request),
          { applicant_id: request.params.id, offer_id: request.query.offer_id },
          query(request.query),
        ),
    );

    app.get(
      '/users/mentions/nofilter',
      { config, schema: { querystring: ZFeedTarget, response: { 200: ZMentionables } } },
      async (request) => service.mentionables(requireAccess(request), null, request.query),
    );
    app.get(
      '/users/mentions/:search',
      {
        config,
        schema: {
          params: z.object({ search: z.string().trim().max(100, 'max_length:100') }),
          querystring: ZFeedTarget,
          response: { 200: ZMentionables },
        },
      },
      async (request) =>
        service.mentionables(requireAccess(request), request.params.search || null, request.query),
    );
    // Last: a walk over the routes (tests) reads the comment before deleting it.
    app.delete(
      '/activity-feed/:comment_id',
      { config, schema: { params: z.object({ comment_id: ZIdParam }) } },
      async (request, reply) => {
        await service.remove(requireAccess(request), request.params.comment_id);
        return reply.status(204).send();
      },
    );
  };
}
