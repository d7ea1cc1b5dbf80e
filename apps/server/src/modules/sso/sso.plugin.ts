import { secretBoxFor } from '../../platform/crypto/secret-box.ts';
import { createGuardedFetch } from '../../platform/http/guarded-fetch.ts';
import { defineModule } from '../../platform/modules/app-module.ts';
import { DomainVerifier } from './domain-verifier.ts';
import { OidcClient } from './oidc-client.ts';
import { SsoDomainsRepository } from './sso-domains.repository.ts';
import { SsoDomainsService } from './sso-domains.service.ts';
import { SsoRepository } from './sso.repository.ts';
import { ssoRoutes } from './sso.routes.ts';
import { SsoSettingsService } from './sso-settings.service.ts';
import { SsoService } from './sso.service.ts';

/**
 * OpenID Connect sign-in per company (issue 16 item 4): `/sso/check`, the redirect to the
 * company's provider and its answer, which opens a session through the auth module; the settings,
 * the proof of the domains (DNS or a super administrator's approval, issue 33).
 */
export const ssoModule = defineModule({
  name: 'sso',
  async register({ app, config, database, services }) {
    const repo = new SsoRepository(database.db);
    const domainsRepo = new SsoDomainsRepository(database.db);
    const box = secretBoxFor(config);
    const oidc = new OidcClient(
      config.sso.allowHttpIssuer,
      createGuardedFetch({ allowHosts: config.outbound.allowHosts }),
    );
    const audit = services.get('audit');
    const auth = services.get('auth');
    const domains = new SsoDomainsService(domainsRepo, new DomainVerifier(), audit, (companyId) =>
      oidc.forget(companyId),
    );
    // Never the request's Host header: a forged one would name another redirect URI.
    const origin = config.publicUrl ?? `http://localhost:${config.port}`;
    await app.register(
      ssoRoutes({
        service: new SsoService(repo, box, oidc, auth, audit, domainsRepo),
        settings: new SsoSettingsService(
          repo,
          box,
          oidc,
          audit,
          config.sso.allowHttpIssuer,
          domainsRepo,
          domains,
        ),
        domains,
        auth,
        redirectUri: `${origin}/api/sso/callback`,
      }),
      { prefix: '/api' },
    );
  },
});
