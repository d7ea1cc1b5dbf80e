import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZHubToken } from '@embauche/contracts/hub';
import { requireAccess } from '../../platform/auth/access.ts';
import { defineModule } from '../../platform/modules/app-module.ts';
import { discoveryLink } from '../../platform/realtime/discovery-link.ts';
import { ExternalHubPublisher } from '../../platform/realtime/external-hub-publisher.ts';
import type { HubPublisher } from '../../platform/realtime/hub-publisher.ts';
import { hubRoutes } from '../../platform/realtime/hub-routes.ts';
import { MemoryTransport } from '../../platform/realtime/memory-transport.ts';
import { MercureHub } from '../../platform/realtime/mercure-hub.ts';
import { sessionSubscriptionToken } from '../../platform/realtime/mercure-token.ts';
import { RedisTransport } from '../../platform/realtime/redis-transport.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    /** Pushes an update live (Mercure), to call once the transaction behind it has committed. */
    hub: HubPublisher;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The same service, for tests and scripts that hold the app rather than the registry. */
    hubPublisher: HubPublisher;
  }
}

/**
 * The live hub (issue 13 part 2, DESIGN section 4): a Mercure hub at `/.well-known/mercure`, in
 * memory or shared through Redis (`REDIS_URL`). Modules publish through `services.get('hub')`,
 * which posts to an external hub instead when `MERCURE_PUBLISH_URL` is set.
 *
 * Subscription tokens are bound to their session (`sid`) and short-lived
 * (`MERCURE_TOKEN_TTL_SECONDS`): `GET /api/hub-token` renews one while the session lives. Every
 * session end (sign-out, revocation, acting as someone else, deactivation) goes to every
 * instance's hub, which closes the session's streams and refuses its tokens.
 */
export const hubModule = defineModule({
  name: 'hub',
  async register({ app, config, services, sessions }) {
    const options = config.mercure;
    const transport = config.redisUrl
      ? new RedisTransport({
          url: config.redisUrl,
          prefix: options.redisPrefix,
          historySize: options.historySize,
          log: app.log,
        })
      : new MemoryTransport();
    const hub = new MercureHub(transport, {
      historySize: options.historySize,
      heartbeatMs: options.heartbeatSeconds * 1000,
      maxConnectionMs: options.maxConnectionSeconds * 1000,
      // Ended on another instance: this one's cache must not keep the session a few seconds more.
      onSessionEnd: (end) => sessions.forgetEnded(end),
    });
    await hub.start();
    sessions.onEnd((end) => {
      hub.endSessions(end).catch((err: unknown) => {
        app.log.warn({ err }, 'the end of a session could not reach the live hub');
      });
    });
    // Open streams would hold the server's close: they end first (clients reconnect elsewhere).
    app.addHook('preClose', () => hub.close());
    const publisher: HubPublisher = options.publishUrl
      ? new ExternalHubPublisher({
          url: options.publishUrl,
          key: options.publishKey ?? options.publisherKey,
          issuer: options.issuers?.[0] ?? config.publicUrl ?? 'embauche',
        })
      : hub;
    services.provide('hub', publisher);
    app.decorate('hubPublisher', publisher);
    await app.register(hubRoutes({ hub, config: options, publicUrl: config.publicUrl, sessions }));
    // A renewal is no sign of activity: the session's idle timeout runs on (touchesSession).
    await app.register(
      async (api) => {
        api.withTypeProvider<ZodTypeProvider>().get(
          '/hub-token',
          {
            config: { access: '*', touchesSession: false },
            schema: { response: { 200: ZHubToken } },
          },
          async (request, reply) => {
            void reply.header('cache-control', 'no-store');
            return {
              mercure_subscription_token: await sessionSubscriptionToken(
                config,
                requireAccess(request),
                hub.now(),
              ),
            };
          },
        );
      },
      { prefix: '/api' },
    );
    // Discovery: the resource that hands out the subscription token names the hub.
    app.addHook('onSend', async (request, reply) => {
      if (
        request.method === 'GET' &&
        request.routeOptions.url === '/api/me' &&
        reply.statusCode === 200
      )
        void reply.header('link', discoveryLink(request, hub, options, config.publicUrl));
    });
  },
});
