import type { Kysely, Updateable } from 'kysely';
import type { CompaniesTable, DB } from '../../platform/db/schema.ts';
import { enqueue } from '../../platform/jobs/jobs.ts';
import { queueMails, type MailMessage } from '../../platform/mail/mailer.ts';

export type ExportRow = {
  id: number;
  format: string;
  columns: string;
  language: string;
  status: string;
  progress: number;
  total: number | null;
  file_key: string | null;
  filename: string | null;
  user_id: number | null;
  created_at: string;
  finished_at: string | null;
};

const EXPORT_COLUMNS = [
  'id',
  'format',
  'columns',
  'language',
  'status',
  'progress',
  'total',
  'file_key',
  'filename',
  'user_id',
  'created_at',
  'finished_at',
] as const;

/** The company's own row and its offer exports; every query takes the company id. */
export class CompanySettingsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async company(companyId: number) {
    return this.db
      .selectFrom('companies')
      .select([
        'social_reason',
        'country',
        'organisation_type',
        'support_url',
        'default_language',
        'time_zone',
        'logo_key',
        'logo_version',
        'plan_name',
        'seats_allowed',
        'renewal_date',
        'company_description',
        'require_gender_mention',
        'forbidden_words',
        'mandatory_mentions',
      ])
      .where('id', '=', companyId)
      .executeTakeFirst();
  }

  /** Runs `fn` in one transaction (a change and what follows from it). */
  transaction<T>(fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  async update(
    companyId: number,
    values: Updateable<CompaniesTable>,
    db: Kysely<DB> = this.db,
  ): Promise<void> {
    await db
      .updateTable('companies')
      .set({ ...values, updated_at: new Date().toISOString() })
      .where('id', '=', companyId)
      .execute();
  }

  async features(companyId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('company_features')
      .select('feature')
      .where('company_id', '=', companyId)
      .orderBy('feature')
      .execute();
    return rows.map((r) => r.feature);
  }

  async hasFeature(companyId: number, feature: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('company_features')
      .select('feature')
      .where('company_id', '=', companyId)
      .where('feature', '=', feature)
      .executeTakeFirst();
    return row !== undefined;
  }

  async activeUsers(companyId: number): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The plan and its features in one transaction. */
  async setSubscription(
    companyId: number,
    values: Pick<Updateable<CompaniesTable>, 'plan_name' | 'seats_allowed' | 'renewal_date'>,
    features: string[],
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('companies')
        .set({ ...values, updated_at: new Date().toISOString() })
        .where('id', '=', companyId)
        .execute();
      await trx.deleteFrom('company_features').where('company_id', '=', companyId).execute();
      if (features.length) {
        await trx
          .insertInto('company_features')
          .values(features.map((feature) => ({ company_id: companyId, feature })))
          .execute();
      }
    });
  }

  /** The export's row and its job, in one transaction (DESIGN section 5). */
  async insertExport(
    values: {
      company_id: number;
      user_id: number;
      format: string;
      columns: string;
      language: string;
      created_at: string;
    },
    job: { type: string; payload: (id: number) => unknown; maxAttempts: number },
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('offer_exports')
        .values({ ...values, status: 'queued', progress: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await enqueue(trx, job.type, job.payload(row.id), { maxAttempts: job.maxAttempts });
      return row.id;
    });
  }

  async findExport(companyId: number, id: number): Promise<ExportRow | undefined> {
    return this.db
      .selectFrom('offer_exports')
      .select(EXPORT_COLUMNS)
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async latestExports(companyId: number, limit: number): Promise<ExportRow[]> {
    return this.db
      .selectFrom('offer_exports')
      .select(EXPORT_COLUMNS)
      .where('company_id', '=', companyId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Marks an export done and queues its e-mails in one transaction (sent once it is done, only then). */
  async finishExport(
    companyId: number,
    id: number,
    values: Parameters<CompanySettingsRepository['updateExport']>[2],
    mails: MailMessage[],
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('offer_exports')
        .set(values)
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
      if (mails.length) await queueMails(trx, mails);
    });
  }

  async updateExport(
    companyId: number,
    id: number,
    values: Partial<
      Pick<ExportRow, 'status' | 'progress' | 'total' | 'file_key' | 'filename' | 'finished_at'>
    > & { error?: string | null },
  ): Promise<void> {
    await this.db
      .updateTable('offer_exports')
      .set(values)
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }
}
