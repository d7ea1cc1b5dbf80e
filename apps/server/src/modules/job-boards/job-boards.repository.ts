import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/** The only SQL of the company's job boards; every query on `company_job_boards` takes the company id. */
export class JobBoardsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The active boards of the global catalogue, by id. */
  catalogue() {
    return this.db
      .selectFrom('job_boards')
      .select(['id', 'name', 'slug', 'logo_url'])
      .where('active', '=', true)
      .orderBy('id')
      .execute();
  }

  async settings(companyId: number) {
    const rows = await this.db
      .selectFrom('company_job_boards')
      .select(['job_board_id', 'enabled', 'credentials'])
      .where('company_id', '=', companyId)
      .execute();
    return rows.map((r) => ({ ...r, enabled: Boolean(r.enabled) }));
  }

  /** Ids of the boards the company turned off. */
  async disabledIds(companyId: number): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('company_job_boards')
      .select('job_board_id')
      .where('company_id', '=', companyId)
      .where('enabled', '=', false)
      .execute();
    return new Set(rows.map((r) => r.job_board_id));
  }

  async save(
    companyId: number,
    boardId: number,
    values: { enabled: boolean; credentials: string | null },
    now: string,
  ): Promise<void> {
    await this.db
      .insertInto('company_job_boards')
      .values({ company_id: companyId, job_board_id: boardId, ...values, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['company_id', 'job_board_id']).doUpdateSet({ ...values, updated_at: now }),
      )
      .execute();
  }
}
