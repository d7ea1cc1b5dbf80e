import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@embauche/contracts/errors';
import type { Config } from '../../platform/config/config.ts';
import { HttpError } from '../../platform/http/http-error.ts';
import {
  cleanFilename,
  isMalformedMultipart,
  MULTIPART_FIELD_MAX_BYTES,
} from '../../platform/http/parse-body.ts';
import type { PublicTokenGuard } from '../../platform/http/public-token-guard.ts';
import type {
  CommunityAnswer,
  CommunityPublicService,
  JoinPost,
} from './community-public.service.ts';

const first = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : Array.isArray(value) && typeof value[0] === 'string'
      ? value[0]
      : undefined;

/**
 * Reads the join form (multipart: text fields, at most one CV). Unlike readMultipart, what was read
 * before a part that fails (a CV over the upload limit) is kept, so the form comes back filled in.
 */
async function readJoin(
  request: FastifyRequest,
  maxBytes: number,
  maxMb: number,
): Promise<JoinPost> {
  const post: JoinPost = { fields: {}, cv: null };
  if (!request.isMultipart()) return post;
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, fieldSize: MULTIPART_FIELD_MAX_BYTES, files: 1 },
    })) {
      if (part.type === 'file') {
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
          data = Buffer.alloc(0);
        }
        if (part.file.truncated || data.length > maxBytes)
          throw new HttpError(413, 'File too large.', ERROR_CODES.payloadTooLarge, {
            cv: [`file_too_large:${maxMb}`],
          });
        if (part.fieldname === 'cv' && data.length)
          post.cv = { filename: cleanFilename(part.filename), data };
      } else {
        // PostgreSQL refuses NUL in text.
        const value = String(part.value).split('\u0000').join('');
        if (part.fieldname.endsWith('[]')) {
          const name = part.fieldname.slice(0, -2);
          const list = post.fields[name];
          post.fields[name] = Array.isArray(list) ? [...list, value] : [value];
        } else post.fields[part.fieldname] = value;
      }
    }
  } catch (err) {
    if (err instanceof HttpError) post.readError = err;
    else if (isMalformedMultipart(err))
      post.readError = new HttpError(400, 'Malformed.', ERROR_CODES.invalidMultipart, {});
    else throw err;
  }
  return post;
}

/**
 * The community's public pages (issue 37 part 4), beside the career site's and like them outside
 * /api and the web app: the join form, and the member's page that every e-mail links to. Every
 * route is public; joins count per address and e-mail, token pages per address (shared store).
 */
export function communityPublicRoutes(
  service: CommunityPublicService,
  tokens: PublicTokenGuard,
  config: Pick<Config, 'publicUrl'>,
  uploads: { maxBytes: number; maxMb: number },
) {
  return async (app: FastifyInstance) => {
    // A mail program's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form: read
    // (and ignored) so that the address of a mailing's List-Unsubscribe answers it.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4 * 1024 },
      (_request, body, done) => done(null, String(body)),
    );
    const open = { config: { access: 'public' as const }, schema: { hide: true } };
    const base = (request: FastifyRequest) =>
      config.publicUrl ?? `${request.protocol}://${request.host}`;
    const rawQuery = (request: FastifyRequest) => {
      const at = request.url.indexOf('?');
      return at < 0 ? '' : request.url.slice(at);
    };
    const lng = (request: FastifyRequest) => first((request.query as Record<string, unknown>).lng);
    const send = (reply: FastifyReply, answer: CommunityAnswer) => {
      if (answer.kind === 'redirect') return reply.redirect(answer.location, 301);
      return reply
        .status(answer.status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-language', answer.language)
        .header('cache-control', 'no-store')
        .send(answer.body);
    };
    /** A token page: counted per address; an unknown token answers the 404 page. */
    const tokenPage = async (
      request: FastifyRequest,
      reply: FastifyReply,
      work: () => Promise<CommunityAnswer | null>,
    ) => {
      // The token is in the address: no other site gets it as a referrer. Not `no-referrer`: a
      // browser then sends `Origin: null` with the page's forms, which the origin check refuses.
      void reply.header('referrer-policy', 'same-origin');
      try {
        return send(reply, await tokens.open(request.ip, work, 'Member'));
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404)
          return send(reply, service.notFound(request.headers['accept-language']));
        throw err;
      }
    };
    type Params = { slug: string };
    type TokenParams = Params & { token: string };

    app.get<{ Params: Params }>('/careers/:slug/community', open, async (request, reply) =>
      send(
        reply,
        await service.joinPage(
          request.params.slug,
          lng(request),
          base(request),
          request.headers['accept-language'],
          rawQuery(request),
        ),
      ),
    );
    app.post<{ Params: Params }>('/careers/:slug/community', open, async (request, reply) => {
      const post = await readJoin(request, uploads.maxBytes, uploads.maxMb);
      return send(
        reply,
        await service.join(
          request.params.slug,
          post,
          lng(request),
          base(request),
          request.headers['accept-language'],
          request.ip,
        ),
      );
    });
    const memberPage = (request: FastifyRequest<{ Params: TokenParams }>, reply: FastifyReply) =>
      tokenPage(request, reply, () =>
        service.memberPage(request.params.slug, request.params.token, base(request)),
      );
    app.get<{ Params: TokenParams }>('/careers/:slug/community/member/:token', open, memberPage);
    // The address of a mailing's `List-Unsubscribe` (mailings to members, docs/mailings.md): a mail
    // program posts to it (one click); opened in a browser, it shows the member's page (a GET
    // changes nothing).
    app.get<{ Params: TokenParams }>(
      '/careers/:slug/community/member/:token/unsubscribe',
      open,
      memberPage,
    );
    app.post<{ Params: TokenParams }>(
      '/careers/:slug/community/member/:token/unsubscribe',
      open,
      async (request, reply) =>
        tokenPage(request, reply, () =>
          service.unsubscribe(request.params.slug, request.params.token, base(request)),
        ),
    );
    app.post<{ Params: TokenParams }>(
      '/careers/:slug/community/member/:token/erase',
      open,
      async (request, reply) =>
        tokenPage(request, reply, () =>
          service.erase(request.params.slug, request.params.token, base(request)),
        ),
    );
  };
}
