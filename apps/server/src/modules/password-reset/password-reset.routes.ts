import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZPasswordRequestedRequest,
  ZPasswordTokenRequest,
  ZPasswordTokenResponse,
  ZResetPasswordRequest,
} from '@embauche/contracts/password-reset';
import type { PasswordResetService } from './password-reset.service.ts';

/** Spec 7 Users: the three password reset calls, public (`packages/contracts/src/password-reset.ts`). */
export function passwordResetRoutes(service: PasswordResetService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const open = { access: 'public' as const };

    app.post(
      '/users/password-requested',
      { config: open, schema: { body: ZPasswordRequestedRequest } },
      async (request, reply) => {
        await service.request(request.body.email, request.ip ?? null);
        return reply.status(204).send();
      },
    );

    app.post(
      '/users/password',
      {
        config: open,
        schema: { body: ZPasswordTokenRequest, response: { 200: ZPasswordTokenResponse } },
      },
      async (request, reply) => {
        void reply.header('referrer-policy', 'no-referrer').header('cache-control', 'no-store');
        return service.check(request.body.token, request.ip ?? null);
      },
    );

    app.post(
      '/users/reset-password',
      { config: open, schema: { body: ZResetPasswordRequest } },
      async (request, reply) => {
        await service.reset(request.body.token, request.body.password, request.ip ?? null);
        return reply.status(204).send();
      },
    );
  };
}
