import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Who takes the turns of this process (`task_leases.holder`, for operators). */
const HOLDER = `${hostname()}:${process.pid}`.slice(0, 200);

/**
 * Takes the turn of recurring task `name` at `now`, if it is due: answers true for exactly one
 * caller per period across every process on the database and across restarts. The turn is taken by
 * moving the task's `next_run_at` from a due value to `now + everyMs` in one conditional UPDATE
 * (atomic on SQLite and PostgreSQL alike); a task never seen starts due. The period is counted
 * from the turn taken, not from the end of the work: a process that dies during its turn leaves
 * the next one to whoever comes after the period.
 */
export async function claimTurn(
  db: Kysely<DB>,
  name: string,
  everyMs: number,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  await db
    .insertInto('task_leases')
    .values({ name, next_run_at: at, last_run_at: null, holder: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const taken = await db
    .updateTable('task_leases')
    .set({
      next_run_at: new Date(now.getTime() + everyMs).toISOString(),
      last_run_at: at,
      holder: HOLDER,
    })
    .where('name', '=', name)
    .where('next_run_at', '<=', at)
    .returning('name')
    .executeTakeFirst();
  return taken !== undefined;
}
