import { defineModule } from '../../platform/modules/app-module.ts';
import { PasswordResetRepository } from './password-reset.repository.ts';
import { passwordResetRoutes } from './password-reset.routes.ts';
import {
  PASSWORD_RESET_JOB,
  PasswordResetService,
  type PasswordResetJob,
} from './password-reset.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    /** Reset links, and the invitation of a created user (users module). */
    passwordReset: PasswordResetService;
  }
}

/** Password reset by e-mail (issue 16 item 1): its routes and the job that mails the links. */
export const passwordResetModule = defineModule({
  name: 'password-reset',
  async register({ app, config, database, sessions, services, worker }) {
    const { db } = database;
    const service = new PasswordResetService(db, new PasswordResetRepository(db), sessions, {
      // Never the request's Host header: a forged one would send the token to someone else.
      publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
      limits: config.login,
      tokenLimits: config.publicToken,
      attempts: services.get('attempts'),
    });
    services.provide('passwordReset', service);
    worker.register<PasswordResetJob>(PASSWORD_RESET_JOB, (payload) => service.sendLinks(payload));
    await app.register(passwordResetRoutes(service), { prefix: '/api' });
  },
});
