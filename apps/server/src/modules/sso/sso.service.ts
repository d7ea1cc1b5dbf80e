import type { TSsoCheckResponse } from '@embauche/contracts/auth';
import type { SsoErrorCode } from '@embauche/contracts/sso';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { ClientInfo } from '../../platform/auth/sessions.service.ts';
import { sha256 } from '../../platform/auth/tokens.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { OidcClient, OidcClientSettings, OidcIdentity } from './oidc-client.ts';
import type { SsoDomainsRepository } from './sso-domains.repository.ts';
import type { SsoAccount, SsoRepository, SsoSettingsRow } from './sso.repository.ts';

/** A started sign-in is answered within this time, and once. */
export const SSO_LOGIN_TTL_MS = 10 * 60_000;

/** Where the browser goes after a failed sign-in. */
export const ssoErrorUrl = (code: SsoErrorCode) => `/login?sso_error=${code}`;

/** A refused sign-in: the browser goes to the login page with `code`; `detail` is for the log. */
export class SsoFailure extends Error {
  constructor(
    readonly code: SsoErrorCode,
    readonly detail?: string,
  ) {
    super(`SSO sign-in refused: ${code}${detail ? ` (${detail})` : ''}`);
  }
}

export const secretContext = (companyId: number) => `company_sso.client_secret:${companyId}`;
const loginContext = (stateHash: string) => `sso_logins.secrets:${stateHash}`;

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/**
 * SSO sign-in (issue 16 item 4): which e-mails sign in through a provider, the redirect to it, and
 * its answer, which opens a session through the auth module (no second factor: the provider
 * authenticated the person). Every refusal after the provider answered is written to the trail.
 */
export class SsoService {
  constructor(
    private readonly repo: SsoRepository,
    private readonly box: SecretBox,
    private readonly oidc: OidcClient,
    private readonly auth: AuthService,
    private readonly audit: AuditTrail,
    private readonly domains: SsoDomainsRepository,
  ) {}

  /**
   * The company an e-mail signs in to through SSO: the one that holds its domain verified, with
   * SSO enabled, and where the user exists; or, when that company creates accounts at first
   * sign-in, where no company has an account with this e-mail yet. Otherwise none: another
   * company's users are never sent to this provider.
   */
  private async companyFor(email: string): Promise<number | undefined> {
    const owner = await this.domains.owner(domainOf(email));
    if (!owner) return undefined;
    const holders = await this.domains.companiesWithUser(email);
    if (holders.includes(owner.company_id)) return owner.company_id;
    const creates = owner.auto_create_users && owner.default_role_id !== null;
    return creates && holders.length === 0 ? owner.company_id : undefined;
  }

  /**
   * An e-mail that signs in through SSO (companyFor) goes to `/api/sso/start`; otherwise the
   * former contract: the company's `sso_login_url` of an active account with this e-mail, or none.
   */
  async check(rawEmail: string): Promise<TSsoCheckResponse> {
    const email = rawEmail.trim().toLowerCase();
    if (await this.companyFor(email))
      return { sso: true, redirect_url: `/api/sso/start?email=${encodeURIComponent(email)}` };
    const url = await this.repo.legacyLoginUrl(email);
    return { sso: url !== null, redirect_url: url };
  }

  /**
   * The provider's address for this e-mail, and the state the browser keeps in a cookie. Nothing
   * is fetched unless the e-mail signs in through SSO (a verified domain, companyFor).
   */
  async start(rawEmail: string, redirectUri: string): Promise<{ url: string; state: string }> {
    const email = rawEmail.trim().toLowerCase();
    const companyId = await this.companyFor(email);
    const settings = companyId ? await this.repo.settings(companyId) : undefined;
    if (!companyId || !settings) throw new SsoFailure('unavailable', 'no verified SSO domain');
    let started;
    try {
      started = await this.oidc.start(companyId, this.clientSettings(settings), redirectUri, email);
    } catch (error) {
      throw new SsoFailure('unavailable', (error as Error).message);
    }
    const now = Date.now();
    const stateHash = sha256(started.state);
    await this.repo.insertLogin({
      state_hash: stateHash,
      company_id: companyId,
      secrets: this.box.seal(
        JSON.stringify({ nonce: started.nonce, code_verifier: started.codeVerifier }),
        loginContext(stateHash),
      ),
      redirect_uri: redirectUri,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + SSO_LOGIN_TTL_MS).toISOString(),
    });
    return { url: started.url, state: started.state };
  }

  /**
   * The provider's answer: `query` as received, `cookieState` the state this browser started
   * with. Answers the new session's token, or throws an SsoFailure (no session opened).
   */
  async callback(
    query: Record<string, string>,
    cookieState: string | undefined,
    client: ClientInfo,
  ): Promise<string> {
    const state = query.state;
    // The state must be this browser's: an answer started elsewhere (login CSRF) is refused.
    if (!state || !cookieState || state !== cookieState)
      throw new SsoFailure('invalid_state', 'state missing or not this browser’s');
    const stateHash = sha256(state);
    const login = await this.repo.takeLogin(stateHash);
    if (!login || Date.parse(login.expires_at) <= Date.now())
      throw new SsoFailure('invalid_state', 'unknown, used or expired state');
    const companyId = login.company_id;
    const fail = (
      code: SsoErrorCode,
      detail: Record<string, unknown>,
      userId: number | null = null,
    ) => this.refuse(companyId, userId, client, code, detail);

    const settings = await this.repo.settings(companyId);
    if (!settings?.enabled) return fail('unavailable', {});
    const secrets = JSON.parse(this.box.open(login.secrets, loginContext(stateHash))) as {
      nonce: string;
      code_verifier: string;
    };
    const callbackUrl = new URL(login.redirect_uri);
    for (const [key, value] of Object.entries(query)) callbackUrl.searchParams.set(key, value);
    let identity: OidcIdentity;
    try {
      identity = await this.oidc.finish(companyId, this.clientSettings(settings), callbackUrl, {
        state,
        nonce: secrets.nonce,
        codeVerifier: secrets.code_verifier,
      });
    } catch (error) {
      return fail('provider_error', { error: query.error ?? (error as Error).message });
    }
    const email = identity.email?.trim().toLowerCase();
    if (!email || !identity.emailVerified)
      return fail('email_missing', { subject: identity.subject, email: email ?? null });
    const domains = await this.repo.domains(companyId, true);
    if (!domains.includes(domainOf(email))) return fail('domain_not_allowed', { email });

    let account = await this.repo.findAccount(companyId, email);
    if (account && !account.active) return fail('account_inactive', { email }, account.id);
    if (!account) {
      account = await this.createAccount(settings, identity, email);
      if (!account) return fail('account_not_found', { email });
    }
    return this.auth.openVerifiedSession(account, client, { sso: true });
  }

  /** A first sign-in's account, when the company creates them and names a default role. */
  private async createAccount(
    settings: SsoSettingsRow,
    identity: OidcIdentity,
    email: string,
  ): Promise<SsoAccount | undefined> {
    if (!settings.auto_create_users || settings.default_role_id === null) return undefined;
    const companyId = settings.company_id;
    const local = email.slice(0, email.lastIndexOf('@'));
    try {
      const id = await this.repo.createUser(
        {
          company_id: companyId,
          role_id: settings.default_role_id,
          firstname: (identity.givenName?.trim() || local).slice(0, 100),
          lastname: (identity.familyName?.trim() ?? '').slice(0, 100),
          email,
          language: settings.default_language,
        },
        new Date().toISOString(),
      );
      await this.audit.record(
        { companyId, userId: id },
        'user.created',
        { type: 'user', id },
        { sso: true },
      );
      return { id, company_id: companyId, active: true };
    } catch (error) {
      // A sign-in in another tab created it first (the e-mail is unique in the company).
      const account = await this.repo.findAccount(companyId, email);
      if (account?.active) return account;
      throw error;
    }
  }

  private async refuse(
    companyId: number,
    userId: number | null,
    client: ClientInfo,
    code: SsoErrorCode,
    details: Record<string, unknown>,
  ): Promise<never> {
    await this.audit.record({ companyId, userId, client }, 'auth.sso_failed', null, {
      reason: code,
      ...details,
    });
    throw new SsoFailure(code);
  }

  clientSettings(settings: SsoSettingsRow): OidcClientSettings {
    return {
      issuerUrl: settings.issuer_url,
      clientId: settings.client_id,
      clientSecret: this.box.open(settings.client_secret, secretContext(settings.company_id)),
    };
  }
}
