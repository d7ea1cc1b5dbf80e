import type { TSsoSettings, TSsoSettingsInput } from '@embauche/contracts/sso';
import { knownLanguage } from '@embauche/contracts/constants';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import { validationFailed, type FieldErrors } from '../../platform/http/http-error.ts';
import type { OidcClient } from './oidc-client.ts';
import type { SsoDomainsRepository } from './sso-domains.repository.ts';
import type { SsoDomainsService } from './sso-domains.service.ts';
import type { SsoRepository } from './sso.repository.ts';
import { secretContext } from './sso.service.ts';

/**
 * A company's SSO settings (`config.account`). The client secret is sealed at rest and write-only:
 * reads say whether one is set; a save without one keeps the stored one.
 */
export class SsoSettingsService {
  constructor(
    private readonly repo: SsoRepository,
    private readonly box: SecretBox,
    private readonly oidc: OidcClient,
    private readonly audit: AuditTrail,
    private readonly allowHttpIssuer: boolean,
    private readonly domains: SsoDomainsRepository,
    private readonly domainStates: SsoDomainsService,
  ) {}

  async get(auth: AuthContext, redirectUri: string): Promise<TSsoSettings> {
    const companyId = auth.companyId;
    const [row, states, roles] = await Promise.all([
      this.repo.settings(companyId),
      this.domainStates.states(companyId),
      this.repo.roles(companyId),
    ]);
    return {
      configured: row !== undefined,
      enabled: row?.enabled ?? false,
      issuer_url: row?.issuer_url ?? '',
      client_id: row?.client_id ?? '',
      client_secret_set: row !== undefined,
      domains: states.map((d) => d.domain),
      domain_states: states,
      auto_create_users: row?.auto_create_users ?? false,
      default_role_id: row?.default_role_id ?? null,
      default_language: knownLanguage(row?.default_language),
      redirect_uri: redirectUri,
      roles,
    };
  }

  async save(
    auth: AuthContext,
    input: TSsoSettingsInput,
    redirectUri: string,
  ): Promise<TSsoSettings> {
    const companyId = auth.companyId;
    const existing = await this.repo.settings(companyId);
    const domains = [...new Set(input.domains)].sort();
    const secret = input.client_secret?.trim() ?? '';
    const errors: FieldErrors = {};
    if (new URL(input.issuer_url).protocol !== 'https:' && !this.allowHttpIssuer)
      errors.issuer_url = ['https_required'];
    if (!secret && !existing) errors.client_secret = ['field_required'];
    // Verified by another company: theirs. A pending claim of another company does not block.
    if ((await this.domains.verifiedByOthers(companyId, domains)).length)
      errors.domains = ['domain_taken'];
    if (input.default_role_id !== null) {
      if (!(await this.repo.isRoleOf(companyId, input.default_role_id)))
        errors.default_role_id = ['invalid'];
    } else if (input.auto_create_users) errors.default_role_id = ['field_required'];
    if (Object.keys(errors).length) throw validationFailed(errors);

    await this.repo.save(
      {
        company_id: companyId,
        enabled: input.enabled,
        issuer_url: input.issuer_url,
        client_id: input.client_id,
        client_secret: secret
          ? this.box.seal(secret, secretContext(companyId))
          : existing!.client_secret,
        auto_create_users: input.auto_create_users,
        default_role_id: input.default_role_id,
        default_language: input.default_language,
      },
      domains,
      new Date().toISOString(),
    );
    this.oidc.forget(companyId);
    await this.audit.record(
      auth,
      'sso.settings_updated',
      { type: 'company', id: companyId },
      {
        enabled: input.enabled,
        issuer_url: input.issuer_url,
        domains,
        auto_create_users: input.auto_create_users,
        secret_changed: secret !== '',
      },
    );
    return this.get(auth, redirectUri);
  }
}
