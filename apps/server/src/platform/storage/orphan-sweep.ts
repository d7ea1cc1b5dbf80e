import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { JobWorker } from '../jobs/jobs.ts';
import type { FileStorage } from './storage.ts';
import { storedFileFolders } from './stored-file-folders.ts';

/** An object no row names is deleted once it is this old: younger, its row may be on its way. */
export const ORPHAN_MIN_AGE_MS = 86_400_000;
/** A new walk over the store starts this often, in one worker (a turn, platform/jobs). */
export const ORPHAN_SWEEP_EVERY_MS = 6 * 3_600_000;
/** The walk goes on by a few pages at each step, so that it never holds the worker's loop long. */
const STEP_EVERY_MS = 60_000;
const PAGES_PER_STEP = 10;

type Step = { checked: number; deleted: number };

/**
 * The orphans of one page of the store after another: objects no database row names any more
 * and older than a day (a crash between writing a file and its row, a delete whose file removal
 * failed, a company deleted with its rows). Each page's keys are checked against the database at
 * once, so neither the store nor a table is ever held whole. Only the folders of
 * stored-file-folders.ts are walked.
 */
async function* sweepPages(
  storage: FileStorage,
  db: Kysely<DB>,
  now: Date,
): AsyncGenerator<Step, void, undefined> {
  const before = now.getTime() - ORPHAN_MIN_AGE_MS;
  for (const [folder, referenced] of Object.entries(storedFileFolders)) {
    for await (const page of storage.list(folder)) {
      const old = page.filter((o) => o.modifiedAt.getTime() < before).map((o) => o.key);
      let deleted = 0;
      if (old.length) {
        const named = await referenced(db, old);
        for (const key of old) {
          if (named.has(key)) continue;
          await storage.delete(key);
          deleted++;
        }
      }
      yield { checked: page.length, deleted };
    }
  }
}

/** One whole sweep (tests, the CLI); answers how many objects it saw and deleted. */
export async function sweepOrphans(
  storage: FileStorage,
  db: Kysely<DB>,
  now = new Date(),
): Promise<Step> {
  const total = { checked: 0, deleted: 0 };
  for await (const step of sweepPages(storage, db, now)) {
    total.checked += step.checked;
    total.deleted += step.deleted;
  }
  return total;
}

/**
 * The sweep as a recurring task of the worker (platform/jobs): a walk starts every
 * ORPHAN_SWEEP_EVERY_MS in the one worker that takes the turn, across instances and restarts,
 * and that worker advances it PAGES_PER_STEP pages a minute (the walk is held in its memory: if
 * it stops, the walk is picked up from the start at the next turn). Deleting an orphan twice
 * would be harmless anyway.
 */
export function registerOrphanSweep(
  worker: JobWorker,
  db: Kysely<DB>,
  storage: FileStorage,
  log?: { info(obj: object, msg: string): void },
): void {
  let walk: AsyncGenerator<Step, void, undefined> | null = null;
  let deleted = 0;
  const step = async (now: Date) => {
    if (!walk) {
      if (!(await worker.turn('storage-orphan-sweep', ORPHAN_SWEEP_EVERY_MS, now))) return;
      deleted = 0;
      walk = sweepPages(storage, db, now);
    }
    try {
      for (let i = 0; i < PAGES_PER_STEP; i++) {
        const next = await walk.next();
        if (next.done) {
          walk = null;
          if (deleted) log?.info({ deleted }, 'storage orphans deleted');
          return;
        }
        deleted += next.value.deleted;
      }
    } catch (err) {
      walk = null;
      throw err;
    }
  };
  worker.every('storage-orphan-sweep-step', STEP_EVERY_MS, step, { scope: 'process' });
}
