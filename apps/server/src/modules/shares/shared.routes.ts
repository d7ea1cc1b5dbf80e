import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZFeedCategories, ZFeedEntry, ZFeedPage } from '@embauche/contracts/activity-feed';
import { ZApplicantDocument } from '@embauche/contracts/applicants';
import { ZMotivation } from '@embauche/contracts/applications';
import { ZIdParam } from '@embauche/contracts/ids';
import {
  SHARE_TYPES,
  ZSharedApplicant,
  ZSharedApplicantDetail,
  ZSharedApplication,
  ZSharedDeleteComment,
  ZSharedInfo,
} from '@embauche/contracts/shares';
import { contentDisposition } from '../../platform/http/content-disposition.ts';
import { validationFailed } from '../../platform/http/http-error.ts';
import type { PublicTokenGuard } from '../../platform/http/public-token-guard.ts';
import { readFeedPayload } from '../activity-feed/feed-payload.ts';
import type { SharedFeedService } from './shared-feed.service.ts';
import type { OpenShare, SharesService } from './shares.service.ts';

// Any text: a malformed token is one more unknown token (404, counted), not a 422 that tells apart.
const token = z.string().min(1).max(200);
const tokenParams = z.object({ token });

function sendFile(
  reply: FastifyReply,
  file: { data: Buffer | Readable; size?: number; mime: string; filename: string },
) {
  if (file.size !== undefined) void reply.header('content-length', file.size);
  return reply
    .header('content-type', file.mime)
    .header('content-disposition', contentDisposition('inline', file.filename))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.data);
}

/**
 * The shared-link calls of spec section 7 (`/api/shared/{token}/…`), public: the token is the key.
 * Every call looks the token up through PublicTokenGuard (misses count per address: guessing gets
 * 429); an unknown, expired or revoked token, and a section the link does not expose, answer 404
 * `not_found` alike. Answers are never cached and carry `Referrer-Policy: no-referrer`.
 */
export function sharedRoutes(
  service: SharesService,
  feed: SharedFeedService,
  limits: { maxBytes: number; maxMb: number },
  tokens: PublicTokenGuard,
) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'public' as const };
    instance.addHook('onSend', async (_request, reply) => {
      void reply.header('referrer-policy', 'no-referrer');
      if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    });
    const open = (request: { ip: string; params: { token: string } }): Promise<OpenShare> =>
      tokens.open(request.ip, () => service.open(request.params.token), 'Shared link');
    const query = (request: FastifyRequest) => request.query as Record<string, unknown>;

    app.get(
      '/shared/:token',
      { config, schema: { params: tokenParams, response: { 200: ZSharedInfo } } },
      async (request) => service.info(await open(request)),
    );
    app.get(
      '/shared/:token/applicant',
      { config, schema: { params: tokenParams, response: { 200: ZSharedApplicant } } },
      async (request) => service.applicant(await open(request)),
    );
    app.get(
      '/shared/:token/detail',
      { config, schema: { params: tokenParams, response: { 200: ZSharedApplicantDetail } } },
      async (request) => service.detail(await open(request)),
    );
    app.get(
      '/shared/:token/cv',
      { config, schema: { params: tokenParams } },
      async (request, reply) => sendFile(reply, await service.cv(await open(request))),
    );
    app.get(
      '/shared/:token/documents',
      { config, schema: { params: tokenParams, response: { 200: z.array(ZApplicantDocument) } } },
      async (request) => service.documents(await open(request)),
    );
    app.get(
      '/shared/:token/documents/:document_id',
      { config, schema: { params: z.object({ token, document_id: ZIdParam }) } },
      async (request, reply) =>
        sendFile(
          reply,
          await service.documentFile(await open(request), request.params.document_id),
        ),
    );
    app.get(
      '/shared/:token/application',
      { config, schema: { params: tokenParams, response: { 200: ZSharedApplication } } },
      async (request) => service.application(await open(request)),
    );
    app.get(
      '/shared/:token/application/documents',
      { config, schema: { params: tokenParams, response: { 200: z.array(ZApplicantDocument) } } },
      async (request) => service.documents(await open(request), 'application'),
    );
    app.get(
      '/shared/:token/application/motivation',
      { config, schema: { params: tokenParams, response: { 200: ZMotivation } } },
      async (request) => service.motivation(await open(request)),
    );

    // `/api/shared/{token}/{type}/activity-feed…` with {type} `applicant` or `application`.
    for (const type of SHARE_TYPES) {
      const base = `/shared/:token/${type}/activity-feed`;
      app.get(
        base,
        {
          config,
          schema: {
            params: tokenParams,
            querystring: z.object({}).loose(),
            response: { 200: ZFeedPage },
          },
        },
        async (request) => feed.list(await open(request), type, query(request)),
      );
      app.get(
        `${base}/categories`,
        {
          config,
          schema: {
            params: tokenParams,
            querystring: z.object({}).loose(),
            response: { 200: ZFeedCategories },
          },
        },
        async (request) => feed.categories(await open(request), type, query(request)),
      );
      app.get(
        `${base}/attachments/:attachment_id`,
        { config, schema: { params: z.object({ token, attachment_id: ZIdParam }) } },
        async (request, reply) =>
          sendFile(
            reply,
            await feed.attachment(await open(request), type, request.params.attachment_id),
          ),
      );
      // Multipart (spec 7: the feed's fields, plus `name`, the outsider's name) or JSON.
      app.post(
        base,
        { config, schema: { params: tokenParams, response: { 200: ZFeedEntry, 201: ZFeedEntry } } },
        async (request, reply) => {
          // The token first: a bad token never gets its body read.
          const share = await open(request);
          service.feedOf(share, type);
          const { input, presence, files, name } = await readFeedPayload(request, limits);
          const { created, entry } = await feed.post(
            share,
            type,
            request.ip,
            name,
            input,
            presence,
            files,
          );
          return reply.status(created ? 201 : 200).send(entry);
        },
      );
    }

    // Last: a walk over the routes (tests) reads the comment before deleting it. `comment_id` in
    // the JSON body (spec 7) or in the query string (a DELETE body may be dropped on the way).
    app.delete(
      '/shared/:token/delete-comment',
      {
        config,
        schema: {
          params: tokenParams,
          querystring: ZSharedDeleteComment.partial(),
          body: ZSharedDeleteComment.partial().nullish(),
        },
      },
      async (request, reply) => {
        const share = await open(request);
        const id = request.body?.comment_id ?? request.query.comment_id;
        if (id === undefined) throw validationFailed({ comment_id: ['field_required'] });
        await feed.remove(share, id);
        return reply.status(204).send();
      },
    );
  };
}
