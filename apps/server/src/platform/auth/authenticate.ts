import type { FastifyInstance } from 'fastify';
import { enforceRouteAccess } from './access.ts';
import type { AuthContext } from './auth-context.ts';
import { readSessionToken } from './session-cookie.ts';
import type { SessionRow } from './sessions.repository.ts';
import type { SessionsService } from './sessions.service.ts';

/**
 * Sets `request.auth` on /api requests from the session cookie (a pending second factor is not
 * signed in), then enforces the route's declared access.
 */
export function registerAuthentication(
  app: FastifyInstance,
  sessions: SessionsService,
  buildContext: (session: SessionRow) => Promise<AuthContext | null>,
): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = readSessionToken(request);
    // A route that is no sign of activity (the live hub's token renewal) leaves the idle time running.
    const touch = request.routeOptions.config?.touchesSession !== false;
    const session = token ? await sessions.resolve(token, { touch }) : undefined;
    if (session && !session.two_factor_pending) {
      const auth = await buildContext(session);
      // A copy: the context may be shared by the session's other requests (cached lookups).
      request.auth = auth && {
        ...auth,
        client: { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null },
      };
    }
    enforceRouteAccess(request);
  });
}
