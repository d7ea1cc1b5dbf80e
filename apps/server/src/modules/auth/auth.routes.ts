import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZLoginRequest,
  ZLoginResponse,
  ZPermissionsMe,
  ZTwoFactorChallengeRequest,
} from '@embauche/contracts/auth';
import { ZMeResponse } from '@embauche/contracts/acting-as';
import { requireAccess } from '../../platform/auth/access.ts';
import {
  clearSessionCookie,
  readSessionToken,
  setSessionCookie,
} from '../../platform/auth/session-cookie.ts';
import type { ClientInfo } from '../../platform/auth/sessions.service.ts';
import type { AuthService } from './auth.service.ts';

export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}

export function authRoutes(service: AuthService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/login',
      {
        config: { access: 'public' },
        schema: { body: ZLoginRequest, response: { 200: ZLoginResponse } },
      },
      async (request, reply) => {
        const previous = readSessionToken(request);
        const outcome = await service.login(request.body, clientInfo(request));
        if (outcome.token) {
          // A new id at every sign-in: an earlier session of this browser is closed.
          await service.logout(previous);
          setSessionCookie(request, reply, outcome.token);
        }
        return outcome.response;
      },
    );

    app.post(
      '/two-factor-challenge',
      { config: { access: 'public' }, schema: { body: ZTwoFactorChallengeRequest } },
      async (request, reply) => {
        const token = await service.completeTwoFactor(
          readSessionToken(request),
          request.body,
          clientInfo(request),
        );
        setSessionCookie(request, reply, token);
        return reply.status(204).send();
      },
    );

    app.post('/logout', { config: { access: 'public' } }, async (request, reply) => {
      await service.logout(readSessionToken(request), request.auth);
      clearSessionCookie(reply);
      return reply.status(204).send();
    });

    app.get(
      '/me',
      { config: { access: '*' }, schema: { response: { 200: ZMeResponse } } },
      async (request) => service.me(requireAccess(request)),
    );

    app.get(
      '/permissions/me',
      { config: { access: '*' }, schema: { response: { 200: ZPermissionsMe } } },
      async (request) => [...requireAccess(request).permissions].sort(),
    );
  };
}
