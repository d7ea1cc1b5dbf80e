import { defineModule } from '../../platform/modules/app-module.ts';
import { AuthRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';
import { LoginThrottle } from './login-throttle.ts';
import { TwoFactorThrottle } from './two-factor-throttle.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    auth: AuthService;
  }
}

/** Sign-in, sessions and `/api/me`; its service builds `request.auth` from the session (app.ts). */
export const authModule = defineModule({
  name: 'auth',
  async register({ app, config, database, sessions, services }) {
    const { db } = database;
    const attempts = services.get('attempts');
    const service = new AuthService(
      new AuthRepository(db),
      sessions,
      new LoginThrottle(attempts, config.login),
      config,
      services.get('audit'),
      // Provided by the acting-as module, registered later: looked up per request.
      () => services.get('actingContext'),
      new TwoFactorThrottle(attempts, config.twoFactor),
    );
    services.provide('auth', service);
    await app.register(authRoutes(service), { prefix: '/api' });
  },
});
