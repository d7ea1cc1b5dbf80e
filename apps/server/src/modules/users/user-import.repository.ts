import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { newUserRow } from '../../platform/db/new-user.ts';
import { enqueue } from '../../platform/jobs/jobs.ts';
import type { ImportRow } from './user-import-check.ts';

/** Users written per INSERT (well under both databases' bound parameters). */
const BATCH = 500;

export type UserImportRecord = {
  id: number;
  company_id: number;
  status: string;
  total: number;
  done: number;
  created: number;
  rows: string | null;
  error: string | null;
  created_at: string;
};

/** The SQL of users imports (the `user_imports` table and the bulk insert); company-scoped. */
export class UserImportRepository {
  constructor(readonly db: Kysely<DB>) {}

  /** The company's e-mails, lower-cased (users' e-mails are stored lower-cased). */
  async emails(companyId: number): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('users')
      .select('email')
      .where('company_id', '=', companyId)
      .execute();
    return new Set(rows.map((r) => r.email.toLowerCase()));
  }

  /** The import row and its job, in one transaction (the job exists exactly when the row does). */
  async create(
    companyId: number,
    userId: number,
    rows: ImportRow[],
    job: { type: string; payload: (id: number) => unknown },
    now: string,
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('user_imports')
        .values({
          company_id: companyId,
          created_by: userId,
          status: 'queued',
          total: rows.length,
          rows: JSON.stringify(rows),
          error: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A worker that died mid-run rolled the transaction back: another attempt starts afresh.
      await enqueue(trx, job.type, job.payload(id), { maxAttempts: 3 });
      return id;
    });
  }

  async find(companyId: number | null, id: number): Promise<UserImportRecord | undefined> {
    let q = this.db
      .selectFrom('user_imports')
      .select([
        'id',
        'company_id',
        'status',
        'total',
        'done',
        'created',
        'rows',
        'error',
        'created_at',
      ])
      .where('id', '=', id);
    if (companyId !== null) q = q.where('company_id', '=', companyId);
    return q.executeTakeFirst();
  }

  /** A short write of its own (never inside the import's transaction). */
  async set(
    id: number,
    values: Partial<Pick<UserImportRecord, 'status' | 'done' | 'created' | 'rows' | 'error'>>,
    now: string,
    db: Kysely<DB> = this.db,
  ): Promise<void> {
    await db
      .updateTable('user_imports')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Inserts every row in `trx`, BATCH users (and their memberships) per statement, calling
   * `progress` after each batch with the rows written so far. Answers the new users.
   */
  async insertAll(
    trx: Kysely<DB>,
    companyId: number,
    rows: ImportRow[],
    now: string,
    progress: (done: number) => Promise<void>,
  ): Promise<{ id: number; email: string }[]> {
    const created: { id: number; email: string }[] = [];
    for (let start = 0; start < rows.length; start += BATCH) {
      const batch = rows.slice(start, start + BATCH);
      const inserted = await trx
        .insertInto('users')
        .values(batch.map(({ fields }) => newUserRow({ ...fields, company_id: companyId }, now)))
        .returning(['id', 'email'])
        .execute();
      // By e-mail (unique within the company) rather than trusting RETURNING's order.
      const idOf = new Map(inserted.map((u) => [u.email, u.id]));
      const members = batch.flatMap(({ fields, groupIds }) =>
        groupIds.map((group_id) => ({ group_id, user_id: idOf.get(fields.email)! })),
      );
      for (let m = 0; m < members.length; m += BATCH)
        await trx
          .insertInto('user_group_members')
          .values(members.slice(m, m + BATCH))
          .execute();
      created.push(...inserted);
      await progress(start + batch.length);
    }
    return created;
  }
}
