import { groupPermissions } from '@embauche/contracts/permissions';
import type { TLoginRequest, TLoginResponse, TMe } from '@embauche/contracts/auth';
import { FEATURES, knownLanguage, type Feature } from '@embauche/contracts/constants';
import type { TActingAsMe } from '@embauche/contracts/acting-as';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { Config } from '../../platform/config/config.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { verifyPassword } from '../../platform/auth/password.ts';
import type { SessionRow } from '../../platform/auth/sessions.repository.ts';
import type { ClientInfo, SessionsService } from '../../platform/auth/sessions.service.ts';
import { sha256 } from '../../platform/auth/tokens.ts';
import { unauthenticated, validationFailed } from '../../platform/http/http-error.ts';
import { mailLanguage } from '../../platform/mail/mail-language.ts';
import { sessionSubscriptionToken } from '../../platform/realtime/mercure-token.ts';
import type { ActingContext } from '../acting-as/acting-context.ts';
import type { AuthRepository, Identity } from './auth.repository.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { matchTotpStep, normaliseRecoveryCode } from './totp.ts';
import { twoFactorAlertMail } from './two-factor-alert-mail.ts';
import type { TwoFactorThrottle } from './two-factor-throttle.ts';

export type LoginOutcome = { response: TLoginResponse; token?: string };

const invalidCredentials = () =>
  validationFailed(
    { email: ['invalid_credentials'] },
    'These credentials do not match our records.',
  );

export class AuthService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly sessions: SessionsService,
    private readonly throttle: LoginThrottle,
    private readonly config: Config,
    private readonly audit: AuditTrail,
    /** What a session acts as (modules/acting-as, registered after this module). */
    private readonly acting: () => ActingContext,
    private readonly twoFactorThrottle: TwoFactorThrottle,
  ) {}

  /**
   * Checks the password against every active account with this e-mail. Unknown e-mail and wrong
   * password answer alike. Several matching accounts ask the client to choose one.
   */
  async login(input: TLoginRequest, client: ClientInfo): Promise<LoginOutcome> {
    const email = input.email.trim().toLowerCase();
    const ip = client.ip ?? 'unknown';
    // Counted before the (slow) password check: parallel guesses cannot outrun the limit.
    const attempt = await this.throttle.take(email, ip);
    const candidates = await this.repo.findLoginCandidates(email);
    const matching = [];
    if (candidates.length === 0) await verifyPassword(null, input.password);
    for (const candidate of candidates) {
      if (await verifyPassword(candidate.password_hash, input.password)) matching.push(candidate);
    }
    const chosen =
      input.user === undefined ? matching : matching.filter((c) => c.id === input.user);
    if (chosen.length === 0) {
      // Written in the company of each account with this e-mail; an unknown e-mail has no company.
      for (const c of candidates)
        await this.audit.record(
          { companyId: c.company_id, userId: c.id, client },
          'auth.sign_in_failed',
          { type: 'user', id: c.id },
          { email },
        );
      throw invalidCredentials();
    }
    await this.throttle.succeeded(attempt);
    if (chosen.length > 1) {
      return {
        response: {
          status: 'choose_account',
          two_factor: false,
          accounts: chosen.map((c) => ({
            id: c.id,
            company_id: c.company_id,
            company_name: c.company_name,
            role_name: c.role_name,
          })),
        },
      };
    }
    const account = chosen[0]!;
    if (account.totp_enabled) {
      const token = await this.sessions.open(account.id, client, true);
      return { response: { status: 'two_factor_required', two_factor: true }, token };
    }
    const token = await this.openVerifiedSession(account, client);
    return { response: { status: 'authenticated', two_factor: false }, token };
  }

  /**
   * Completes a sign-in that waits for its second factor; answers the new session's token. Each
   * code (TOTP or recovery) is counted before it is checked (TwoFactorThrottle): past the account's
   * limit 429; the pending sign-in's last allowed wrong code voids it (401 afterwards, the password
   * is asked again); the wrong code that reaches the account's limit alerts its owner by e-mail.
   */
  async completeTwoFactor(
    pendingToken: string | undefined,
    input: { code?: string | undefined; recovery_code?: string | undefined },
    client: ClientInfo,
  ): Promise<string> {
    const pending = pendingToken ? await this.sessions.resolve(pendingToken) : undefined;
    if (!pending || !pending.two_factor_pending) throw unauthenticated();
    const userId = pending.user_id;
    const attempt = await this.twoFactorThrottle.take(pending.id, userId);
    if (!attempt) {
      await this.sessions.closeById(pending.id);
      throw unauthenticated();
    }
    const ok = input.recovery_code
      ? await this.repo.consumeRecoveryCode(
          userId,
          sha256(normaliseRecoveryCode(input.recovery_code)),
          new Date().toISOString(),
        )
      : await this.verifyTotp(userId, input.code ?? '');
    if (!ok) {
      await this.signedInAudit(userId, client, 'auth.two_factor_failed');
      const failure = this.twoFactorThrottle.failed(attempt);
      if (failure.challengeSpent) await this.sessions.closeById(pending.id);
      if (failure.accountLocked && (await this.twoFactorThrottle.claimAlert(userId)))
        await this.alertOwner(userId, attempt.account.count, client);
      throw validationFailed({
        [input.recovery_code ? 'recovery_code' : 'code']: ['invalid_code'],
      });
    }
    await this.twoFactorThrottle.succeeded(attempt);
    await this.sessions.closeById(pending.id);
    const token = await this.sessions.open(userId, client);
    await this.repo.recordLogin(userId, new Date().toISOString());
    await this.signedInAudit(userId, client, 'auth.sign_in', { two_factor: true });
    return token;
  }

  /** Mails the account's owner, in their language, that its second factor was failed repeatedly. */
  private async alertOwner(userId: number, count: number, client: ClientInfo): Promise<void> {
    const identity = await this.repo.findIdentity(userId);
    if (!identity) return;
    const mail = twoFactorAlertMail({
      firstname: identity.firstname,
      companyName: identity.company_name,
      count,
      at: new Date(),
      ip: client.ip,
      language: mailLanguage(identity.language),
    });
    await this.repo.queueMail({ companyId: identity.company_id, to: identity.email, ...mail });
  }

  /** An audit entry of a sign-in step, in the account's company (no session context yet). */
  private async signedInAudit(
    userId: number,
    client: ClientInfo,
    action: 'auth.sign_in' | 'auth.two_factor_failed',
    details: Record<string, unknown> | null = null,
  ) {
    const identity = await this.repo.findIdentity(userId);
    if (identity) {
      await this.audit.record(
        { companyId: identity.company_id, userId, client },
        action,
        null,
        details,
      );
    }
  }

  /** A TOTP code of the user's secret, each accepted once. */
  async verifyTotp(userId: number, code: string): Promise<boolean> {
    const state = await this.repo.totpState(userId);
    if (!state?.totp_secret) return false;
    const step = matchTotpStep(state.totp_secret, code.trim());
    return step !== null && (await this.repo.claimTotpStep(userId, step));
  }

  /**
   * Opens a full session for an account whose identity is proven (its password without a second
   * factor; SSO, where the provider authenticated it), stamps the sign-in and writes `auth.sign_in`
   * (with `details`, e.g. `{sso: true}`) to the trail. Answers the session cookie's token.
   */
  async openVerifiedSession(
    account: { id: number; company_id: number },
    client: ClientInfo,
    details: Record<string, unknown> | null = null,
  ): Promise<string> {
    const token = await this.sessions.open(account.id, client);
    await this.repo.recordLogin(account.id, new Date().toISOString());
    await this.audit.record(
      { companyId: account.company_id, userId: account.id, client },
      'auth.sign_in',
      null,
      details,
    );
    return token;
  }

  /** Closes the session; `auth` (the route's signed-in context) writes the sign-out to the trail. */
  async logout(token: string | undefined, auth?: AuthContext | null): Promise<void> {
    if (token) await this.sessions.close(token);
    if (token && auth) await this.audit.record(auth, 'auth.sign_out');
  }

  /**
   * The request context of a live session, or null when its user is gone or deactivated. A session
   * acting as someone (issue 16 item 3, modules/acting-as) works on the acted-as company with the
   * acted-as permissions; `superAdmin`/`partnerAdmin` stay the real person's.
   */
  async buildContext(session: SessionRow): Promise<AuthContext | null> {
    const identity = await this.repo.findIdentity(session.user_id);
    if (!identity) return null;
    const real = {
      sessionId: session.id,
      superAdmin: identity.super_admin,
      partnerAdmin: identity.partner_admin,
    };
    const acting = await this.acting().resolve(session, {
      id: identity.id,
      superAdmin: identity.super_admin,
      partnerAdmin: identity.partner_admin,
    });
    if (acting) {
      // Exactly the acted-as role's permissions: never the real person's super administration.
      const permissions = new Set(await this.repo.rolePermissions(acting.permissionsRoleId));
      permissions.delete('user.super_admin');
      return {
        ...real,
        userId: acting.user?.id ?? identity.id,
        companyId: acting.company.id,
        roleId: acting.permissionsRoleId,
        permissions,
        realUserId: identity.id,
        realCompanyId: identity.company_id,
        actingAsUserId: acting.user?.id ?? null,
        actingAsCompanyId: acting.company.id,
        actingAsRoleId: acting.role?.id ?? null,
      };
    }
    const permissions = new Set(await this.repo.rolePermissions(identity.role_id));
    if (identity.super_admin) permissions.add('user.super_admin');
    else permissions.delete('user.super_admin');
    return {
      ...real,
      userId: identity.id,
      companyId: identity.company_id,
      roleId: identity.role_id,
      permissions,
    };
  }

  async me(auth: AuthContext): Promise<TMe> {
    const real = await this.repo.findIdentity(auth.realUserId ?? auth.userId);
    const acted = auth.userId !== real?.id ? await this.repo.findIdentity(auth.userId) : real;
    if (!real || !acted) throw unauthenticated();
    // Acting as a company (or one of its roles) alone: the real person in that company.
    const company =
      acted.company_id === auth.companyId
        ? acted
        : await this.repo.findCompanyProfile(auth.companyId);
    if (!company) throw unauthenticated();
    const role =
      acted.role_id === auth.roleId
        ? acted.role_id !== null
          ? { id: acted.role_id, name: acted.role_name ?? '' }
          : null
        : await this.repo.findRole(auth.roleId);
    const identity: Identity = {
      ...acted,
      ...pickCompany(company),
      role_id: role?.id ?? null,
      role_name: role?.name ?? null,
      super_admin: real.super_admin,
      partner_admin: real.partner_admin,
      language: real.language,
      totp_enabled: real.totp_enabled,
    };
    const features = (await this.repo.companyFeatures(identity.company_id)).filter(
      (f): f is Feature => (FEATURES as readonly string[]).includes(f),
    );
    return {
      id: identity.id,
      firstname: identity.firstname,
      lastname: identity.lastname,
      email: identity.email,
      img_src: identity.img_src,
      role:
        identity.role_id !== null ? { id: identity.role_id, name: identity.role_name ?? '' } : null,
      role_id: identity.role_id,
      company_id: identity.company_id,
      company_name: identity.company_name,
      company_country: identity.company_country,
      company_slug: identity.company_slug,
      organisation_type: identity.organisation_type,
      client_account: identity.client_account,
      support_url: identity.support_url,
      career_site_url: this.config.careerSiteUrl.replace(
        '{slug}',
        encodeURIComponent(identity.company_slug),
      ),
      super_admin: identity.super_admin,
      partner_admin: identity.partner_admin,
      features,
      // Bound to this session and short-lived: the web app renews it (GET /api/hub-token).
      mercure_subscription_token: await sessionSubscriptionToken(this.config, auth),
      language: knownLanguage(identity.language),
      // The acted-as user's: their planner is what the session shows.
      time_zone: identity.time_zone,
      company_time_zone: identity.company_time_zone,
      subsidiary_mode: identity.subsidiary_mode,
      two_factor_enabled: identity.totp_enabled,
      permissions: groupPermissions([...auth.permissions].sort()),
      acting_as: actingAsOf(auth, real, acted, identity),
    };
  }
}

type CompanyProfile = Pick<
  Identity,
  | 'company_id'
  | 'company_name'
  | 'company_slug'
  | 'company_country'
  | 'organisation_type'
  | 'client_account'
  | 'support_url'
  | 'subsidiary_mode'
  | 'company_time_zone'
>;

function pickCompany(c: CompanyProfile): CompanyProfile {
  return {
    company_id: c.company_id,
    company_name: c.company_name,
    company_slug: c.company_slug,
    company_country: c.company_country,
    organisation_type: c.organisation_type,
    client_account: c.client_account,
    support_url: c.support_url,
    subsidiary_mode: c.subsidiary_mode,
    company_time_zone: c.company_time_zone,
  };
}

/** The banner's data: the real person and what they act as (null when acting as nobody). */
function actingAsOf(
  auth: AuthContext,
  real: Identity,
  acted: Identity,
  shown: Identity,
): TActingAsMe | null {
  if (!auth.actingAsCompanyId) return null;
  return {
    real_user: { id: real.id, firstname: real.firstname, lastname: real.lastname },
    company: { id: shown.company_id, social_reason: shown.company_name },
    role:
      auth.actingAsRoleId && shown.role_id !== null
        ? { id: shown.role_id, name: shown.role_name ?? '' }
        : null,
    user: auth.actingAsUserId
      ? { id: acted.id, firstname: acted.firstname, lastname: acted.lastname }
      : null,
  };
}
