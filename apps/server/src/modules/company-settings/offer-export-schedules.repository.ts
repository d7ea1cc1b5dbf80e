import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, OfferExportSchedulesTable } from '../../platform/db/schema.ts';
import { enqueue } from '../../platform/jobs/jobs.ts';

export const EXPORT_PERMISSION = 'config.export_job_offers';

const COLUMNS = [
  's.id',
  's.company_id',
  's.name',
  's.frequency',
  's.weekday',
  's.month_day',
  's.hour',
  's.format',
  's.columns',
  's.language',
  's.recipient_ids',
  's.enabled',
  's.next_run_at',
  's.last_run_at',
  's.last_export_id',
  's.created_by',
] as const;

/** A schedule as COLUMNS read it, with its last export's status. */
export type ScheduleRow = Omit<
  Selectable<OfferExportSchedulesTable>,
  'created_at' | 'updated_at'
> & {
  last_status: string | null;
};

export type Recipient = {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  language: string;
};

/** The company's export schedules; every query takes the company id, but the worker's tick. */
export class OfferExportSchedulesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private select(db: Kysely<DB> = this.db) {
    return db
      .selectFrom('offer_export_schedules as s')
      .leftJoin('offer_exports as e', 'e.id', 's.last_export_id')
      .select([...COLUMNS, 'e.status as last_status']);
  }

  async count(companyId: number): Promise<number> {
    const row = await this.db
      .selectFrom('offer_export_schedules')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async page(companyId: number, page: number, perPage: number): Promise<ScheduleRow[]> {
    return this.select()
      .where('s.company_id', '=', companyId)
      .orderBy('s.name')
      .orderBy('s.id')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
  }

  async find(companyId: number, id: number): Promise<ScheduleRow | undefined> {
    return this.select()
      .where('s.company_id', '=', companyId)
      .where('s.id', '=', id)
      .executeTakeFirst();
  }

  async insert(values: Insertable<OfferExportSchedulesTable>): Promise<number> {
    const row = await this.db
      .insertInto('offer_export_schedules')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(
    companyId: number,
    id: number,
    values: Updateable<OfferExportSchedulesTable>,
    db: Kysely<DB> = this.db,
  ): Promise<void> {
    await db
      .updateTable('offer_export_schedules')
      .set(values)
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }

  /** The company's enabled schedules (their next run follows the company's time zone). */
  async enabled(companyId: number, db: Kysely<DB> = this.db): Promise<ScheduleRow[]> {
    return this.select(db)
      .where('s.company_id', '=', companyId)
      .where('s.enabled', '=', true)
      .orderBy('s.id')
      .execute();
  }

  async delete(companyId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('offer_export_schedules')
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Active users of the company who hold the export permission, by name (the recipients). */
  async recipients(companyId: number, ids?: number[], limit = 500): Promise<Recipient[]> {
    if (ids && !ids.length) return [];
    let query = this.db
      .selectFrom('users')
      .innerJoin('role_permissions as rp', 'rp.role_id', 'users.role_id')
      .select(['users.id', 'users.firstname', 'users.lastname', 'users.email', 'users.language'])
      .where('users.company_id', '=', companyId)
      .where('users.active', '=', true)
      .where('rp.permission', '=', EXPORT_PERMISSION);
    if (ids) query = query.where('users.id', 'in', ids);
    return query
      .orderBy('users.lastname')
      .orderBy('users.firstname')
      .orderBy('users.id')
      .limit(limit)
      .execute();
  }

  /** Enabled schedules due at `at` (every company: the worker's tick). */
  async due(at: string, limit: number): Promise<ScheduleRow[]> {
    return this.select()
      .where('s.enabled', '=', true)
      .where('s.next_run_at', '<=', at)
      .orderBy('s.next_run_at')
      .orderBy('s.id')
      .limit(limit)
      .execute();
  }

  /**
   * Claims one run of a due schedule: moves `next_run_at` from the value read to `next` only if
   * nobody did it meanwhile (compare-and-set), and in the same transaction writes the export and
   * its job. Answers the export's id, or null when another tick claimed this run.
   */
  async claim(
    schedule: { id: number; company_id: number; next_run_at: string },
    next: string,
    now: string,
    exportRow: { user_id: number; format: string; columns: string; language: string },
    job: { type: string; payload: (exportId: number) => unknown; maxAttempts: number },
  ): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('offer_export_schedules')
        .set({ next_run_at: next, last_run_at: now, updated_at: now })
        .where('id', '=', schedule.id)
        .where('company_id', '=', schedule.company_id)
        .where('enabled', '=', true)
        .where('next_run_at', '=', schedule.next_run_at)
        .returning('id')
        .executeTakeFirst();
      if (!claimed) return null;
      const row = await trx
        .insertInto('offer_exports')
        .values({
          ...exportRow,
          company_id: schedule.company_id,
          schedule_id: schedule.id,
          status: 'queued',
          progress: 0,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('offer_export_schedules')
        .set({ last_export_id: row.id })
        .where('id', '=', schedule.id)
        .execute();
      await enqueue(trx, job.type, job.payload(row.id), { maxAttempts: job.maxAttempts });
      return row.id;
    });
  }

  /** Moves a due schedule that cannot run (nobody to run it as) to its next run. */
  async skip(id: number, from: string, next: string): Promise<void> {
    await this.db
      .updateTable('offer_export_schedules')
      .set({ next_run_at: next })
      .where('id', '=', id)
      .where('next_run_at', '=', from)
      .execute();
  }

  /** The schedule an export was written for (mails once the export is done). */
  async ofExport(companyId: number, exportId: number) {
    return this.db
      .selectFrom('offer_exports as e')
      .innerJoin('offer_export_schedules as s', 's.id', 'e.schedule_id')
      .select(['s.id', 's.name', 's.recipient_ids'])
      .where('e.company_id', '=', companyId)
      .where('e.id', '=', exportId)
      .executeTakeFirst();
  }
}
