import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/** A company's SMS settings as stored, with what they default to. */
export type SmsSettingsRow = {
  country: string;
  time_zone: string;
  /** Comma-joined ISO codes; null: the company never chose (its own country). */
  allowed_countries: string | null;
  daily_cap: number | null;
};

/**
 * The SQL of SMS destinations and volume (issue 33): the company's settings and its per-day
 * message counter. Every query names the company.
 */
export class SmsSettingsRepository {
  constructor(readonly db: Kysely<DB>) {}

  async settings(companyId: number): Promise<SmsSettingsRow | undefined> {
    return this.db
      .selectFrom('companies as c')
      .leftJoin('sms_settings as s', 's.company_id', 'c.id')
      .select(['c.country', 'c.time_zone', 's.allowed_countries', 's.daily_cap'])
      .where('c.id', '=', companyId)
      .executeTakeFirst();
  }

  async save(
    companyId: number,
    values: { allowed_countries: string; daily_cap: number | null },
    trx: Kysely<DB> = this.db,
  ): Promise<void> {
    const row = { ...values, updated_at: new Date().toISOString() };
    await trx
      .insertInto('sms_settings')
      .values({ company_id: companyId, ...row })
      .onConflict((oc) => oc.column('company_id').doUpdateSet(row))
      .execute();
  }

  async counted(companyId: number, day: string): Promise<number> {
    const row = await this.db
      .selectFrom('sms_daily_counts')
      .select('count')
      .where('company_id', '=', companyId)
      .where('day', '=', day)
      .executeTakeFirst();
    return row ? Number(row.count) : 0;
  }

  /**
   * Counts `n` messages on the company's `day` if that keeps the day at most at `cap`: one upsert
   * whose update only happens under the cap, so that parallel sends (on any instance) are
   * serialised by the database and cannot pass it together. In the caller's transaction: a send
   * that fails afterwards takes its count back with it. Answers whether they were counted.
   */
  async reserve(
    trx: Kysely<DB>,
    companyId: number,
    day: string,
    n: number,
    cap: number,
  ): Promise<boolean> {
    if (n > cap) return false;
    const row = await trx
      .insertInto('sms_daily_counts')
      .values({ company_id: companyId, day, count: n })
      .onConflict((oc) =>
        oc
          .columns(['company_id', 'day'])
          .doUpdateSet((eb) => ({ count: eb('sms_daily_counts.count', '+', n) }))
          .where('sms_daily_counts.count', '<=', cap - n),
      )
      .returning('count')
      .executeTakeFirst();
    if (!row) return false;
    // The day's first send forgets the company's earlier days.
    if (Number(row.count) === n)
      await trx
        .deleteFrom('sms_daily_counts')
        .where('company_id', '=', companyId)
        .where('day', '<', day)
        .execute();
    return true;
  }
}
