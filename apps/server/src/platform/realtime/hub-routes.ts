import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MercureConfig } from '../config/config.ts';
import { HttpError } from '../http/http-error.ts';
import type { AccessGrants } from './access-grants.ts';
import { InvalidToken, MERCURE_DETAIL_TYPE, verifyAccessToken } from './access-token.ts';
import { bearerError } from './bearer-error.ts';
import { headerId } from './header-id.ts';
import { hubIdentity, METADATA_PATH, type HubIdentity } from './hub-identity.ts';
import { InvalidUpdate, MAX_UPDATE_TOPICS } from './hub-update.ts';
import type { MercureHub } from './mercure-hub.ts';
import { presentedToken } from './presented-token.ts';
import { HUB_PATH } from './reserved-topic.ts';
import type { StreamSession } from './subscriber.ts';
import { readSubscriptionRequest, type SubscriptionRequest } from './subscription-request.ts';

export type HubRoutesOptions = {
  hub: MercureHub;
  config: MercureConfig;
  publicUrl: string | undefined;
  /** Finds a live session by id (platform/auth/sessions.service.ts), for tokens bearing a `sid`. */
  sessions: { findLive(id: string): Promise<{ user_id: number } | undefined> };
};

/** Largest publication body; beyond it the hub answers 413. */
const PUBLISH_BODY_LIMIT = 1024 * 1024;

/** What the subscription's `onRequest` checked, for its handler. */
type Prepared = SubscriptionRequest & {
  grants: AccessGrants | undefined;
  /** The token's session, found live at `checkedAt`. */
  session?: StreamSession & { checkedAt: number };
};

/**
 * An event stream's head, and nothing more: the security headers of documents (CSP, framing…)
 * mean nothing to it, and every byte of the head stays in memory as long as the stream is open.
 */
const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'private, no-cache, no-store, must-revalidate, max-age=0',
  'x-content-type-options': 'nosniff',
  // Proxies such as nginx must pass each event on at once.
  'x-accel-buffering': 'no',
};

/**
 * The hub's HTTP side, public routes that authorise with their own tokens (never the session
 * cookie; a token naming a session, `sid`, is good only while that session lives):
 *
 * - `GET /.well-known/mercure`: subscribe (server-sent events);
 * - `POST /.well-known/mercure`: publish (`application/x-www-form-urlencoded`);
 * - `GET /.well-known/oauth-protected-resource/.well-known/mercure`: RFC 9728 metadata.
 */
export function hubRoutes({ hub, config, publicUrl, sessions }: HubRoutesOptions) {
  const identityOf = (request: FastifyRequest) => hubIdentity(request, config, publicUrl);
  const queryOf = (request: FastifyRequest) => {
    const at = request.url.indexOf('?');
    return new URLSearchParams(at < 0 ? '' : request.url.slice(at + 1));
  };

  /** The request's token checked with `key` (undefined when none), or a 400/401 refusal. */
  const grantsOf = async (
    request: FastifyRequest,
    identity: HubIdentity,
    key: string,
    algorithm: string,
  ): Promise<AccessGrants | undefined> => {
    const token = presentedToken(request, queryOf(request), config.cookieName, identity);
    if (token === undefined) return undefined;
    try {
      return await verifyAccessToken(token, {
        key: new TextEncoder().encode(key),
        algorithm,
        issuers: identity.issuers,
        audience: identity.audience,
        hubUrl: identity.hubUrl,
        now: hub.now(),
      });
    } catch (err) {
      if (!(err instanceof InvalidToken)) throw err;
      request.log.info({ reason: err.message }, 'hub access token refused');
      throw bearerError('invalid_token', identity.metadataUrl);
    }
  };

  return async (app: FastifyInstance) => {
    const prepared = new WeakMap<FastifyRequest, Prepared>();
    const published = new WeakMap<FastifyRequest, AccessGrants>();

    // Publications are forms; parsed here (not as an object) so that repeated fields stay.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: PUBLISH_BODY_LIMIT },
      (_request, body, done) => done(null, new URLSearchParams(String(body))),
    );

    app.get(
      HUB_PATH,
      {
        config: { access: 'public' },
        // HEAD would run the stream for nobody.
        exposeHeadRoute: false,
        schema: { hide: true },
        // Checked before Fastify reads the query, so a bad matcher answers 400 like the protocol says.
        onRequest: async (request) => {
          await hub.ready;
          const identity = identityOf(request);
          const grants = await grantsOf(
            request,
            identity,
            config.subscriberKey,
            config.subscriberAlg,
          );
          if (!grants && !config.anonymous) throw bearerError(undefined, identity.metadataUrl);
          const subscription = readSubscriptionRequest(
            queryOf(request),
            request.headers,
            identity.hubUrl,
          );
          // A token of a session is good while the session lives (cached lookup, no touch).
          let session: Prepared['session'];
          if (grants?.sessionId !== undefined) {
            const checkedAt = hub.now();
            const live = await sessions.findLive(grants.sessionId);
            if (!live) {
              request.log.info('hub access token of an ended session refused');
              throw bearerError('invalid_token', identity.metadataUrl);
            }
            session = { id: grants.sessionId, userId: live.user_id, checkedAt };
          }
          prepared.set(request, { ...subscription, grants, session });
        },
      },
      async (request, reply) => {
        const { matchers, grants, lastEventId, session } = prepared.get(request)!;
        prepared.delete(request);
        // Ended between the check and now (here or on another instance): refused. From here to
        // the registration nothing waits, so a later end finds the stream and closes it.
        if (session && hub.hasEnded(session, session.checkedAt))
          throw bearerError('invalid_token', identityOf(request).metadataUrl);
        // Fastify keeps the reply as long as the stream: it need not keep the headers set for
        // documents (helmet's are built per request), which the stream does not send.
        for (const name of Object.keys(reply.getHeaders())) reply.removeHeader(name);
        reply.hijack();
        const stream = reply.raw;
        hub.subscribe({
          stream,
          matchers,
          grants,
          ...(session ? { session: { id: session.id, userId: session.userId } } : {}),
          lastEventId,
          open(cursor) {
            // The connection ends with its stream: kept alive behind it, it would only hold a
            // server's shutdown (clients reconnect with a new request anyway).
            stream.shouldKeepAlive = false;
            stream.writeHead(
              200,
              cursor === undefined
                ? SSE_HEADERS
                : {
                    ...SSE_HEADERS,
                    'mercure-last-event-id': headerId(cursor),
                    'last-event-id': headerId(cursor),
                  },
            );
          },
        });
        return reply;
      },
    );

    app.post(
      HUB_PATH,
      {
        config: { access: 'public' },
        bodyLimit: PUBLISH_BODY_LIMIT,
        schema: { hide: true },
        // The token is checked before the body is read.
        onRequest: async (request) => {
          const identity = identityOf(request);
          const grants = await grantsOf(
            request,
            identity,
            config.publisherKey,
            config.publisherAlg,
          );
          if (!grants) throw bearerError(undefined, identity.metadataUrl);
          published.set(request, grants);
        },
      },
      async (request, reply) => {
        const form = request.body;
        if (!(form instanceof URLSearchParams))
          throw new HttpError(400, 'The body must be application/x-www-form-urlencoded.');
        const topics = form.getAll('topic');
        if (topics.length > MAX_UPDATE_TOPICS) throw new HttpError(413, 'Too many topics.');
        const retry = form.get('retry');
        if (retry !== null && retry !== '' && !/^[0-9]{1,15}$/.test(retry))
          throw new HttpError(400, 'Invalid "retry" value.');
        const update = {
          topics,
          data: form.get('data') ?? '',
          private: form.has('private'),
          id: form.get('id') ?? undefined,
          type: form.get('type') || undefined,
          retry: retry ? Number(retry) : undefined,
        };
        let id: string;
        try {
          // Checked whole first: a refused topic answers 400 whoever publishes.
          id = await hub.publish(update, (valid) => {
            if (!published.get(request)!.allowsAll('publish', valid.topics))
              throw bearerError('insufficient_scope', identityOf(request).metadataUrl);
          });
        } catch (err) {
          if (err instanceof InvalidUpdate) throw new HttpError(400, err.message);
          if (err instanceof HttpError) throw err;
          request.log.error({ err }, 'hub publication failed');
          throw new HttpError(503, 'The update could not be dispatched.');
        }
        return reply.type('text/plain; charset=utf-8').send(id);
      },
    );

    app.get(
      METADATA_PATH,
      { config: { access: 'public' }, schema: { hide: true } },
      async (request) => ({
        resource: identityOf(request).audience,
        bearer_methods_supported: ['header'],
        authorization_details_types_supported: [MERCURE_DETAIL_TYPE],
        mercure_cookie: config.cookieName,
      }),
    );
  };
}
