import { groupPermissions } from '@embauche/contracts/permissions';
import type {
  TLoginRequest,
  TLoginResponse,
  TMe,
  TSsoCheckResponse,
} from '@embauche/contracts/auth';
import { LANGUAGES, FEATURES, type Feature, type Language } from '@embauche/contracts/constants';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { Config } from '../../platform/config/config.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { verifyPassword } from '../../platform/auth/password.ts';
import type { SessionRow } from '../../platform/auth/sessions.repository.ts';
import type { ClientInfo, SessionsService } from '../../platform/auth/sessions.service.ts';
import { sha256 } from '../../platform/auth/tokens.ts';
import { unauthenticated, validationFailed } from '../../platform/http/http-error.ts';
import { mercureSubscriptionToken, userTopics } from '../../platform/realtime/mercure-token.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { matchTotpStep, normaliseRecoveryCode } from './totp.ts';

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
    const token = await this.sessions.open(account.id, client);
    await this.repo.recordLogin(account.id, new Date().toISOString());
    await this.audit.record(
      { companyId: account.company_id, userId: account.id, client },
      'auth.sign_in',
    );
    return { response: { status: 'authenticated', two_factor: false }, token };
  }

  /** Completes a sign-in that waits for its second factor; answers the new session's token. */
  async completeTwoFactor(
    pendingToken: string | undefined,
    input: { code?: string | undefined; recovery_code?: string | undefined },
    client: ClientInfo,
  ): Promise<string> {
    const pending = pendingToken ? await this.sessions.resolve(pendingToken) : undefined;
    if (!pending || !pending.two_factor_pending) throw unauthenticated();
    const userId = pending.user_id;
    const ok = input.recovery_code
      ? await this.repo.consumeRecoveryCode(
          userId,
          sha256(normaliseRecoveryCode(input.recovery_code)),
          new Date().toISOString(),
        )
      : await this.verifyTotp(userId, input.code ?? '');
    if (!ok) {
      await this.signedInAudit(userId, client, 'auth.two_factor_failed');
      throw validationFailed({
        [input.recovery_code ? 'recovery_code' : 'code']: ['invalid_code'],
      });
    }
    await this.sessions.closeById(pending.id);
    const token = await this.sessions.open(userId, client);
    await this.repo.recordLogin(userId, new Date().toISOString());
    await this.signedInAudit(userId, client, 'auth.sign_in', { two_factor: true });
    return token;
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

  async ssoCheck(email: string): Promise<TSsoCheckResponse> {
    const url = await this.repo.ssoLoginUrl(email.trim().toLowerCase());
    return { sso: url !== null, redirect_url: url };
  }

  /** Closes the session; `auth` (the route's signed-in context) writes the sign-out to the trail. */
  async logout(token: string | undefined, auth?: AuthContext | null): Promise<void> {
    if (token) await this.sessions.close(token);
    if (token && auth) await this.audit.record(auth, 'auth.sign_out');
  }

  /** The request context of a live session, or null when its user is gone or deactivated. */
  async buildContext(session: SessionRow): Promise<AuthContext | null> {
    const identity = await this.repo.findIdentity(session.user_id);
    if (!identity) return null;
    const permissions = new Set(await this.repo.rolePermissions(identity.role_id));
    if (identity.super_admin) permissions.add('user.super_admin');
    else permissions.delete('user.super_admin');
    return {
      sessionId: session.id,
      userId: identity.id,
      companyId: identity.company_id,
      roleId: identity.role_id,
      superAdmin: identity.super_admin,
      partnerAdmin: identity.partner_admin,
      permissions,
    };
  }

  async me(auth: AuthContext): Promise<TMe> {
    const identity = await this.repo.findIdentity(auth.userId);
    if (!identity) throw unauthenticated();
    const features = (await this.repo.companyFeatures(identity.company_id)).filter(
      (f): f is Feature => (FEATURES as readonly string[]).includes(f),
    );
    const topics = userTopics({
      companyId: auth.companyId,
      roleId: auth.roleId,
      userId: auth.userId,
    });
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
      mercure_subscription_token: await mercureSubscriptionToken(
        this.config.mercureJwtSecret,
        topics,
        this.config.sessionAbsoluteHours * 3600,
      ),
      language: (LANGUAGES as readonly string[]).includes(identity.language)
        ? (identity.language as Language)
        : 'fr',
      subsidiary_mode: identity.subsidiary_mode,
      two_factor_enabled: identity.totp_enabled,
      permissions: groupPermissions([...auth.permissions].sort()),
    };
  }
}
