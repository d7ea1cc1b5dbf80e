import {
  GENDER_MENTION,
  LOGO_MAX_BYTES,
  LOGO_MAX_MB,
  LOGO_MIMES,
  forbiddenWordIn,
  type TCompanyDescription,
  type TCompanyIdentity,
  type TCompanyIdentityForm,
  type TOfferParameters,
  type TSubscription,
  type TSubscriptionForm,
} from '@embauche/contracts/company-settings';
import {
  FEATURES,
  knownLanguage,
  type Feature,
  type Language,
} from '@embauche/contracts/constants';
import type { Kysely } from 'kysely';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { sha256 } from '../../platform/auth/tokens.ts';
import { sanitizeRichText } from '../../platform/html/sanitize.ts';
import { forbidden, notFound, validationFailed } from '../../platform/http/http-error.ts';
import { mailLanguage } from '../../platform/mail/mail-language.ts';
import { detectFileType } from '../../platform/storage/file-type.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import type { CompanySettingsRepository } from './company-settings.repository.ts';

export const NON_DISCRIMINATION: Feature = 'NonDiscrimination';

const logoKey = (companyId: number) => `company-logos/${companyId}`;

function parseWords(json: string | null): string[] {
  if (!json) return [];
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((w): w is string => typeof w === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The company's own settings (issue 17; contracts/company-settings.ts documents the calls):
 * identity and logo, plan, the description offers show, the NonDiscrimination offer parameters.
 */
export class CompanySettingsService {
  constructor(
    private readonly repo: CompanySettingsRepository,
    private readonly storage: FileStorage,
    private readonly audit: Pick<AuditTrail, 'record'>,
    /**
     * Called when the company's time zone changes, in the change's transaction (the export
     * schedules' next runs follow it, or nothing changes).
     */
    private readonly onTimeZoneChanged: (
      companyId: number,
      timeZone: string,
      trx: Kysely<DB>,
    ) => Promise<void> = async () => {},
  ) {}

  private async company(companyId: number) {
    const row = await this.repo.company(companyId);
    if (!row) throw notFound('Company');
    return row;
  }

  async identity(auth: AuthContext): Promise<TCompanyIdentity> {
    const c = await this.company(auth.companyId);
    return {
      social_reason: c.social_reason,
      logo_src: c.logo_key ? `/api/company/logo?v=${c.logo_version ?? '0'}` : null,
      country: c.country,
      organisation_type: c.organisation_type,
      support_url: c.support_url,
      default_language: knownLanguage(c.default_language),
      time_zone: c.time_zone,
    };
  }

  async updateIdentity(auth: AuthContext, input: TCompanyIdentityForm): Promise<TCompanyIdentity> {
    const before = await this.identity(auth);
    const changed = (Object.keys(input) as (keyof TCompanyIdentityForm)[]).filter(
      (k) => before[k] !== input[k],
    );
    await this.repo.transaction(async (trx) => {
      await this.repo.update(auth.companyId, input, trx);
      if (changed.includes('time_zone') && input.time_zone)
        await this.onTimeZoneChanged(auth.companyId, input.time_zone, trx);
      if (changed.length) {
        await this.audit.record(
          auth,
          'company.identity_updated',
          { type: 'company', id: auth.companyId },
          { fields: changed },
          trx,
        );
      }
    });
    return this.identity(auth);
  }

  /** A PNG, JPEG or WebP by its bytes (never its name or declared type), at most LOGO_MAX_MB. */
  async setLogo(auth: AuthContext, data: Buffer | undefined): Promise<TCompanyIdentity> {
    if (!data || data.length === 0) throw validationFailed({ logo: ['field_required'] });
    if (data.length > LOGO_MAX_BYTES)
      throw validationFailed({ logo: [`file_too_large:${LOGO_MAX_MB}`] });
    const type = detectFileType(data);
    if (!type || !(LOGO_MIMES as readonly string[]).includes(type.mime)) {
      throw validationFailed({ logo: ['file_type'] });
    }
    await this.storage.put(logoKey(auth.companyId), data);
    await this.repo.update(auth.companyId, {
      logo_key: logoKey(auth.companyId),
      logo_version: sha256(data.toString('base64')).slice(0, 16),
    });
    await this.audit.record(
      auth,
      'company.logo_changed',
      { type: 'company', id: auth.companyId },
      { removed: false, mime: type.mime, bytes: data.length },
    );
    return this.identity(auth);
  }

  async removeLogo(auth: AuthContext): Promise<void> {
    const c = await this.company(auth.companyId);
    if (!c.logo_key) return;
    await this.repo.update(auth.companyId, { logo_key: null, logo_version: null });
    await this.storage.delete(c.logo_key);
    await this.audit.record(
      auth,
      'company.logo_changed',
      { type: 'company', id: auth.companyId },
      { removed: true },
    );
  }

  /** The logo of the caller's own company (never another's: the key comes from the session). */
  async logo(auth: AuthContext): Promise<{ data: Buffer; mime: string }> {
    const c = await this.company(auth.companyId);
    const data = c.logo_key ? await this.storage.get(c.logo_key) : null;
    const type = data && detectFileType(data);
    if (!data || !type || !(LOGO_MIMES as readonly string[]).includes(type.mime)) {
      throw notFound('Logo');
    }
    return { data, mime: type.mime };
  }

  async subscription(auth: AuthContext): Promise<TSubscription> {
    const [c, features, seatsUsed] = await Promise.all([
      this.company(auth.companyId),
      this.repo.features(auth.companyId),
      this.repo.activeUsers(auth.companyId),
    ]);
    return {
      plan_name: c.plan_name,
      seats_used: seatsUsed,
      seats_allowed: c.seats_allowed,
      renewal_date: c.renewal_date,
      features: FEATURES.filter((f) => features.includes(f)),
      editable: auth.superAdmin,
    };
  }

  /**
   * Only a super administrator changes a plan: the REAL person's flag (`auth.superAdmin` stays the
   * real person's while acting as a company, see modules/acting-as), never a permission a company
   * role could be given.
   */
  async updateSubscription(auth: AuthContext, input: TSubscriptionForm): Promise<TSubscription> {
    if (!auth.superAdmin) throw forbidden();
    const before = await this.subscription(auth);
    await this.repo.setSubscription(
      auth.companyId,
      {
        plan_name: input.plan_name,
        seats_allowed: input.seats_allowed,
        renewal_date: input.renewal_date,
      },
      input.features,
    );
    const after = await this.subscription(auth);
    await this.audit.record(
      auth,
      'company.subscription_changed',
      { type: 'company', id: auth.companyId },
      {
        plan_name: after.plan_name,
        seats_allowed: after.seats_allowed,
        previous_seats_allowed: before.seats_allowed,
        renewal_date: after.renewal_date,
        features: after.features,
        previous_features: before.features,
      },
    );
    return after;
  }

  async description(auth: AuthContext): Promise<TCompanyDescription> {
    return { description: (await this.company(auth.companyId)).company_description };
  }

  async setDescription(
    auth: AuthContext,
    input: TCompanyDescription,
  ): Promise<TCompanyDescription> {
    await this.repo.update(auth.companyId, {
      company_description: sanitizeRichText(input.description),
    });
    return this.description(auth);
  }

  /** 403 while the company does not have the NonDiscrimination feature. */
  private async requireNonDiscrimination(auth: AuthContext): Promise<void> {
    if (!(await this.repo.hasFeature(auth.companyId, NON_DISCRIMINATION))) throw forbidden();
  }

  async offerParameters(auth: AuthContext): Promise<TOfferParameters> {
    await this.requireNonDiscrimination(auth);
    const c = await this.company(auth.companyId);
    return {
      require_gender_mention: Boolean(c.require_gender_mention),
      forbidden_words: parseWords(c.forbidden_words),
      mandatory_mentions: c.mandatory_mentions,
    };
  }

  async setOfferParameters(auth: AuthContext, input: TOfferParameters): Promise<TOfferParameters> {
    await this.requireNonDiscrimination(auth);
    await this.repo.update(auth.companyId, {
      require_gender_mention: input.require_gender_mention,
      forbidden_words: JSON.stringify(input.forbidden_words),
      mandatory_mentions: input.mandatory_mentions,
    });
    await this.audit.record(
      auth,
      'company.offer_parameters_changed',
      { type: 'company', id: auth.companyId },
      {
        require_gender_mention: input.require_gender_mention,
        forbidden_words: input.forbidden_words.length,
        mandatory_mentions: input.mandatory_mentions !== null,
      },
    );
    return this.offerParameters(auth);
  }

  /**
   * The offers module asks before saving an offer (contracts/company-settings.ts): nothing is
   * checked unless the company has the NonDiscrimination feature. Only the fields sent are checked
   * (an update that leaves the title alone is not refused for it).
   */
  async checkOffer(
    companyId: number,
    input: { job_position?: string; description?: string | null },
  ): Promise<void> {
    if (input.job_position === undefined && !input.description) return;
    if (!(await this.repo.hasFeature(companyId, NON_DISCRIMINATION))) return;
    const c = await this.company(companyId);
    const words = parseWords(c.forbidden_words);
    const errors: Record<string, string[]> = {};
    if (input.job_position !== undefined) {
      const title: string[] = [];
      if (c.require_gender_mention && !GENDER_MENTION.test(input.job_position)) {
        title.push('gender_mention_required');
      }
      if (forbiddenWordIn(input.job_position, words)) title.push('forbidden_word');
      if (title.length) errors.job_position = title;
    }
    if (input.description && forbiddenWordIn(input.description, words)) {
      errors.description = ['forbidden_word'];
    }
    if (Object.keys(errors).length) throw validationFailed(errors);
  }

  /** What every offer of the company shows besides its own text (the offer detail carries it). */
  async offerExtras(
    companyId: number,
  ): Promise<{ company_description: string | null; mandatory_mentions: string | null }> {
    const c = await this.company(companyId);
    const mentionsOn =
      c.mandatory_mentions !== null && (await this.repo.hasFeature(companyId, NON_DISCRIMINATION));
    return {
      company_description: c.company_description,
      mandatory_mentions: mentionsOn ? c.mandatory_mentions : null,
    };
  }

  /** The company's default language: users created or imported without one get it. */
  async defaultLanguage(companyId: number): Promise<Language> {
    return knownLanguage((await this.company(companyId)).default_language);
  }

  /**
   * What an e-mail to someone outside the company (an applicant) is written with: the company's
   * name, default language and time zone, from one read.
   */
  async mailSettings(
    companyId: number,
  ): Promise<{ companyName: string; language: Language; timeZone: string }> {
    const c = await this.company(companyId);
    return {
      companyName: c.social_reason,
      language: mailLanguage(c.default_language),
      timeZone: c.time_zone,
    };
  }

  /** The company's time zone, for files written for it. */
  async timeZone(companyId: number): Promise<string> {
    return (await this.company(companyId)).time_zone;
  }
}
