import type { FastifyInstance } from 'fastify';
import type { AuthContext } from './auth-context.ts';
import { readSessionToken } from './session-cookie.ts';
import type { SessionRow } from './sessions.repository.ts';
import type { SessionsService } from './sessions.service.ts';

/** Sets `request.auth` on /api requests from the session cookie; a pending second factor is not signed in. */
export function registerAuthentication(
  app: FastifyInstance,
  sessions: SessionsService,
  buildContext: (session: SessionRow) => Promise<AuthContext | null>,
): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = readSessionToken(request);
    if (!token) return;
    const session = await sessions.resolve(token);
    if (!session || session.two_factor_pending) return;
    request.auth = await buildContext(session);
  });
}
