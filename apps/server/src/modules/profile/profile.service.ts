import QRCode from 'qrcode';
import type { TProfile, TTwoFactorSetup, TPersonalInfosRequest } from '@embauche/contracts/profile';
import type { Language } from '@embauche/contracts/constants';
import { ERROR_CODES } from '@embauche/contracts/errors';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import type { SessionsService } from '../../platform/auth/sessions.service.ts';
import { sha256 } from '../../platform/auth/tokens.ts';
import { conflict, HttpError, notFound, validationFailed } from '../../platform/http/http-error.ts';
import { detectFileType, IMAGE_MIMES } from '../../platform/storage/file-type.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { matchTotpStep, newRecoveryCodes, newTotpSecret, totpUri } from '../auth/totp.ts';
import type { ProfileRepository } from './profile.repository.ts';

export type UploadedImage = { data: Buffer };

/** 403: a credential changes only in its owner's own session (issue 33 item 4). */
export const notWhileActingAs = () =>
  new HttpError(
    403,
    'Credentials cannot be changed while acting as someone.',
    ERROR_CODES.notWhileActingAs,
  );

/**
 * The credentials (password, second factor, the e-mail that reset links go to, the account's other
 * sessions) are changed only by their owner, in their own session: never while acting as a user,
 * a role or a company, whoever acts.
 */
function requireOwnSession(auth: AuthContext): void {
  if (auth.actingAsCompanyId || auth.actingAsUserId || auth.realUserId !== undefined)
    throw notWhileActingAs();
}

export class ProfileService {
  constructor(
    private readonly repo: ProfileRepository,
    private readonly sessions: SessionsService,
    private readonly storage: FileStorage,
    private readonly audit: AuditTrail,
  ) {}

  /**
   * Whose profile this is: the request's user in their own company. Acting as a user, that user;
   * acting as a company alone, the real person, whose account is in their own company.
   */
  private owner(auth: AuthContext): { companyId: number; userId: number } {
    const home = auth.actingAsUserId ? undefined : auth.realCompanyId;
    return { companyId: home ?? auth.companyId, userId: auth.userId };
  }

  private async user(auth: AuthContext) {
    const { companyId, userId } = this.owner(auth);
    const user = await this.repo.find(companyId, userId);
    if (!user) throw notFound('User');
    return user;
  }

  async personalInfos(auth: AuthContext): Promise<TProfile> {
    const u = await this.user(auth);
    return { firstname: u.firstname, lastname: u.lastname, email: u.email, img_src: u.img_src };
  }

  async updatePersonalInfos(
    auth: AuthContext,
    input: TPersonalInfosRequest,
    image: UploadedImage | undefined,
  ): Promise<TProfile> {
    const { companyId, userId } = this.owner(auth);
    const email = input.email.toLowerCase();
    // Reset links go to the e-mail: changing it is changing a credential.
    if (email !== (await this.user(auth)).email.toLowerCase()) requireOwnSession(auth);
    if (await this.repo.emailTaken(companyId, email, userId)) {
      throw validationFailed({ email: ['not_unique'] });
    }
    let img_src: string | undefined;
    if (image) {
      const type = detectFileType(image.data);
      if (!type || !IMAGE_MIMES.has(type.mime)) throw validationFailed({ img_src: ['file_type'] });
      const version = sha256(image.data.toString('base64')).slice(0, 16);
      await this.storage.put(avatarKey(companyId, userId), image.data);
      img_src = `/api/user_profile/avatars/${userId}?v=${version}`;
    }
    await this.repo.update(companyId, userId, {
      firstname: input.firstname,
      lastname: input.lastname,
      email,
      ...(img_src ? { img_src } : {}),
    });
    return this.personalInfos(auth);
  }

  /** A colleague's photo: only within the same company. */
  async avatar(auth: AuthContext, userId: number): Promise<{ data: Buffer; mime: string }> {
    // One's own photo is in one's own company, even while acting as another.
    const companyId = userId === auth.userId ? this.owner(auth).companyId : auth.companyId;
    const owner = await this.repo.find(companyId, userId);
    const data = owner?.img_src ? await this.storage.get(avatarKey(companyId, userId)) : null;
    const type = data && detectFileType(data);
    if (!data || !type) throw notFound('Avatar');
    return { data, mime: type.mime };
  }

  async changePassword(auth: AuthContext, current: string, next: string): Promise<void> {
    requireOwnSession(auth);
    const u = await this.user(auth);
    if (!(await verifyPassword(u.password_hash, current))) {
      throw validationFailed({ current_password: ['wrong_password'] });
    }
    await this.repo.update(this.owner(auth).companyId, auth.userId, {
      password_hash: await hashPassword(next),
    });
    // A new password signs out every other browser.
    await this.sessions.closeOthers(auth.userId, auth.sessionId);
  }

  async invalidateOtherSessions(auth: AuthContext, password: string): Promise<void> {
    requireOwnSession(auth);
    const u = await this.user(auth);
    if (!(await verifyPassword(u.password_hash, password))) {
      throw validationFailed({ password: ['wrong_password'] });
    }
    await this.sessions.closeOthers(auth.userId, auth.sessionId);
  }

  /** The language the user saved in their profile (files written for them use it). */
  async savedLanguage(auth: AuthContext): Promise<string | null> {
    const { companyId, userId } = this.owner(auth);
    return (await this.repo.find(companyId, userId))?.language ?? null;
  }

  async setLanguage(auth: AuthContext, language: Language): Promise<void> {
    const { companyId, userId } = this.owner(auth);
    await this.repo.update(companyId, userId, { language });
  }

  /** The user's own time zone (null: the company's); the planner and its ICS feed use it. */
  async setTimeZone(auth: AuthContext, timeZone: string | null): Promise<void> {
    const { companyId, userId } = this.owner(auth);
    await this.repo.update(companyId, userId, { time_zone: timeZone });
  }

  /** Starts enrolment: a new secret, not active until a code from it is confirmed. */
  async setupTwoFactor(auth: AuthContext): Promise<TTwoFactorSetup> {
    requireOwnSession(auth);
    const u = await this.user(auth);
    if (u.totp_enabled)
      throw conflict('Two-factor authentication is already enabled.', 'two_factor_enabled');
    const secret = newTotpSecret();
    await this.repo.update(this.owner(auth).companyId, auth.userId, {
      totp_secret: secret,
      totp_last_used_step: null,
    });
    const otpauth_url = totpUri(secret, u.email);
    const qr_code_svg = await QRCode.toString(otpauth_url, { type: 'svg', margin: 1 });
    return { secret, otpauth_url, qr_code_svg };
  }

  async confirmTwoFactor(auth: AuthContext, code: string): Promise<string[]> {
    requireOwnSession(auth);
    const u = await this.user(auth);
    if (u.totp_enabled)
      throw conflict('Two-factor authentication is already enabled.', 'two_factor_enabled');
    const step = u.totp_secret ? matchTotpStep(u.totp_secret, code) : null;
    if (step === null) throw validationFailed({ code: ['invalid_code'] });
    const codes = newRecoveryCodes();
    await this.repo.update(this.owner(auth).companyId, auth.userId, {
      totp_enabled: true,
      totp_last_used_step: step,
    });
    await this.repo.replaceRecoveryCodes(
      auth.userId,
      codes.map((c) => sha256(c)),
    );
    await this.audit.record(auth, 'auth.two_factor_enabled', { type: 'user', id: auth.userId });
    return codes;
  }

  async disableTwoFactor(auth: AuthContext, password: string): Promise<void> {
    requireOwnSession(auth);
    const u = await this.user(auth);
    if (!(await verifyPassword(u.password_hash, password))) {
      throw validationFailed({ password: ['wrong_password'] });
    }
    await this.repo.update(this.owner(auth).companyId, auth.userId, {
      totp_enabled: false,
      totp_secret: null,
      totp_last_used_step: null,
    });
    await this.repo.replaceRecoveryCodes(auth.userId, []);
    if (u.totp_enabled)
      await this.audit.record(auth, 'auth.two_factor_disabled', { type: 'user', id: auth.userId });
  }
}

function avatarKey(companyId: number, userId: number): string {
  return `avatars/${companyId}/${userId}`;
}
