import { ERROR_CODES } from '@embauche/contracts/errors';
import type { TSmsSettings, TSmsSettingsForm } from '@embauche/contracts/sms';
import type { Kysely } from 'kysely';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import type { DB } from '../../platform/db/schema.ts';
import {
  forbidden,
  HttpError,
  notFound,
  validationFailed,
} from '../../platform/http/http-error.ts';
import { isSmsCountry, smsCountries } from '../../platform/sms/phone.ts';
import { wallClock } from '../../platform/time/wall-clock.ts';
import type { SmsSettingsRepository, SmsSettingsRow } from './sms-settings.repository.ts';

/** What a send is checked against: the allowed countries and today's cap. */
export type SmsPolicy = {
  allowed: ReadonlySet<string>;
  cap: number;
  /** The company's calendar day (yyyy-MM-dd in its time zone) the messages count on. */
  day: string;
  /** Seconds until the company's next midnight (Retry-After of a refusal). */
  retryAfter: number;
};

const DAY_MS = 86_400_000;

/** The company's calendar day at `ms` and the seconds until its next midnight. */
export function companyDay(timeZone: string, ms: number): { day: string; retryAfter: number } {
  const wall = wallClock(timeZone, ms);
  const midnight = Math.floor(wall / DAY_MS) * DAY_MS;
  return {
    day: new Date(midnight).toISOString().slice(0, 10),
    // Wall-clock arithmetic: on a day that changes the clocks this is off by that hour.
    retryAfter: Math.max(1, Math.ceil((midnight + DAY_MS - wall) / 1000)),
  };
}

/**
 * SMS destinations and volume (issue 33 item 6, README "SMS"): the company's settings page
 * (`config.account` and the SMS feature) and the policy every send is checked against. The day is
 * the company's calendar day in its time zone (what its users call "today", and the cap its page
 * shows resets at its midnight), not a rolling 24 hours.
 */
export class SmsSettingsService {
  constructor(
    private readonly repo: SmsSettingsRepository,
    private readonly features: { hasFeature(companyId: number, feature: string): Promise<boolean> },
    private readonly audit: Pick<AuditTrail, 'record'>,
    private readonly defaultCap: number,
    private readonly now: () => number = Date.now,
  ) {}

  private async row(companyId: number): Promise<SmsSettingsRow> {
    const row = await this.repo.settings(companyId);
    if (!row) throw notFound('Company');
    return row;
  }

  private static allowed(row: SmsSettingsRow): string[] {
    return row.allowed_countries ? row.allowed_countries.split(',') : [row.country];
  }

  /** The policy of the company's sends now. */
  async policy(companyId: number): Promise<SmsPolicy> {
    const row = await this.row(companyId);
    return {
      allowed: new Set(SmsSettingsService.allowed(row)),
      cap: row.daily_cap ?? this.defaultCap,
      ...companyDay(row.time_zone, this.now()),
    };
  }

  /**
   * Counts `n` messages on the policy's day, in the transaction that stores them; past the cap,
   * 429 `sms_daily_cap` with Retry-After and nothing counted (the caller's transaction ends).
   */
  async reserve(trx: Kysely<DB>, companyId: number, policy: SmsPolicy, n: number): Promise<void> {
    if (n === 0) return;
    if (await this.repo.reserve(trx, companyId, policy.day, n, policy.cap)) return;
    throw new HttpError(
      429,
      `This would pass the company's daily limit of ${policy.cap} text messages; nothing was sent.`,
      ERROR_CODES.smsDailyCap,
      undefined,
      { 'retry-after': String(policy.retryAfter) },
    );
  }

  private async guard(auth: AuthContext): Promise<void> {
    if (!(await this.features.hasFeature(auth.companyId, 'SMS'))) throw forbidden();
  }

  private async view(companyId: number, row: SmsSettingsRow): Promise<TSmsSettings> {
    const { day } = companyDay(row.time_zone, this.now());
    return {
      allowed_countries: SmsSettingsService.allowed(row),
      is_default: row.allowed_countries === null,
      company_country: row.country,
      daily_cap: row.daily_cap,
      default_daily_cap: this.defaultCap,
      sent_today: await this.repo.counted(companyId, day),
      time_zone: row.time_zone,
      countries: smsCountries(),
    };
  }

  async get(auth: AuthContext): Promise<TSmsSettings> {
    await this.guard(auth);
    return this.view(auth.companyId, await this.row(auth.companyId));
  }

  async update(auth: AuthContext, input: TSmsSettingsForm): Promise<TSmsSettings> {
    await this.guard(auth);
    if (input.allowed_countries.some((c) => !isSmsCountry(c)))
      throw validationFailed({ allowed_countries: ['invalid'] });
    const before = await this.row(auth.companyId);
    const was = new Set(SmsSettingsService.allowed(before));
    const added = input.allowed_countries.filter((c) => !was.has(c));
    const removed = [...was].filter((c) => !input.allowed_countries.includes(c));
    await this.repo.db.transaction().execute(async (trx) => {
      await this.repo.save(
        auth.companyId,
        { allowed_countries: input.allowed_countries.join(','), daily_cap: input.daily_cap },
        trx,
      );
      if (added.length || removed.length || before.daily_cap !== input.daily_cap)
        await this.audit.record(
          auth,
          'company.sms_settings_updated',
          { type: 'company', id: auth.companyId },
          { added, removed, daily_cap: { before: before.daily_cap, after: input.daily_cap } },
          trx,
        );
    });
    return this.view(auth.companyId, await this.row(auth.companyId));
  }
}
