import { secretBoxFor } from '../../platform/crypto/secret-box.ts';
import { defineModule } from '../../platform/modules/app-module.ts';
import { OidcClient } from './oidc-client.ts';
import { SsoRepository } from './sso.repository.ts';
import { ssoRoutes } from './sso.routes.ts';
import { SsoSettingsService } from './sso-settings.service.ts';
import { SsoService } from './sso.service.ts';

/**
 * OpenID Connect sign-in per company (issue 16 item 4): `/sso/check`, the redirect to the
 * company's provider and its answer, which opens a session through the auth module; the settings.
 */
export const ssoModule = defineModule({
  name: 'sso',
  async register({ app, config, database, services }) {
    const repo = new SsoRepository(database.db);
    const box = secretBoxFor(config);
    const oidc = new OidcClient(config.sso.allowHttpIssuer);
    const audit = services.get('audit');
    const auth = services.get('auth');
    // Never the request's Host header: a forged one would name another redirect URI.
    const origin = config.publicUrl ?? `http://localhost:${config.port}`;
    await app.register(
      ssoRoutes({
        service: new SsoService(repo, box, oidc, auth, audit),
        settings: new SsoSettingsService(repo, box, oidc, audit, config.sso.allowHttpIssuer),
        auth,
        redirectUri: `${origin}/api/sso/callback`,
      }),
      { prefix: '/api' },
    );
  },
});
