import type { Kysely } from 'kysely';
import type { DB } from '../../src/platform/db/schema.ts';

/** A finished bulk operation of `kind`, as its progress routes read it back (issue 42). */
export async function insertOperation(
  db: Kysely<DB>,
  owner: { company_id: number; user_id: number },
  kind: string,
): Promise<number> {
  const at = new Date().toISOString();
  const row = await db
    .insertInto('bulk_operations')
    .values({
      ...owner,
      kind,
      status: 'done',
      params: '{}',
      total: 0,
      processed: 0,
      changed: 0,
      skipped: '{}',
      cursor: 0,
      error: null,
      created_at: at,
      updated_at: at,
      finished_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
