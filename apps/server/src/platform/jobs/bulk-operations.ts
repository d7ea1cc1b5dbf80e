import { BULK_INLINE_MAX, type TBulkOperation } from '@embauche/contracts/application-selection';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../auth/auth-context.ts';
import type { DB } from '../db/schema.ts';
import { HttpError, notFound } from '../http/http-error.ts';
import { enqueue, PermanentJobError } from './jobs.ts';

/**
 * A change to "all that match" a list (issue 42 part 2, docs/bulk-actions.md), run a batch at a
 * time, during the request or by a job: its progress and outcome in `bulk_operations` (migration
 * 0063). `kind` tells what it does (`offers.unpublish`…); `params` what the job needs to do it
 * again, the user who confirmed included (ActorSnapshot).
 */
export type BulkProgress = {
  status: 'queued' | 'running' | 'done' | 'failed';
  processed: number;
  changed: number;
  skipped: Record<string, number>;
  cursor: number;
  error?: string | null;
};

/** What a job needs to act as the user who confirmed: their company, role and permissions. */
export type ActorSnapshot = Pick<
  AuthContext,
  | 'userId'
  | 'companyId'
  | 'roleId'
  | 'superAdmin'
  | 'partnerAdmin'
  | 'realUserId'
  | 'realCompanyId'
  | 'actingAsUserId'
  | 'actingAsCompanyId'
  | 'actingAsRoleId'
> & { permissions: string[] };

export function actorSnapshot(auth: AuthContext): ActorSnapshot {
  const { sessionId, permissions, client, ...rest } = auth;
  void sessionId;
  void client;
  return { ...rest, permissions: [...permissions] };
}

export function actorOf(s: ActorSnapshot): AuthContext {
  return { ...s, sessionId: '', permissions: new Set(s.permissions) };
}

/** The list parameters that are not filters (a selection's `filters` may carry them). */
const NOT_FILTERS = new Set(['page', 'per_page', 'sort', 'order']);

export function selectionQuery(filters: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([k]) => !NOT_FILTERS.has(k)));
}

/** The `bulk_operations` rows of a company. */
export class BulkOperations {
  constructor(private readonly db: Kysely<DB>) {}

  /** A queued operation; `db` may be a transaction (the job is enqueued in the same one). */
  async create(
    db: Kysely<DB>,
    values: { companyId: number; userId: number; kind: string; params: unknown; total: number },
  ): Promise<number> {
    const now = new Date().toISOString();
    const row = await db
      .insertInto('bulk_operations')
      .values({
        company_id: values.companyId,
        user_id: values.userId,
        kind: values.kind,
        status: 'queued',
        params: JSON.stringify(values.params),
        total: values.total,
        processed: 0,
        changed: 0,
        skipped: '{}',
        cursor: 0,
        error: null,
        created_at: now,
        updated_at: now,
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Starts an operation: a set of BULK_INLINE_MAX or fewer is run during the request (`run`,
   * answer 200), a bigger one is queued for `job` in the transaction that writes its row (202).
   * Answers the operation as its user reads it.
   */
  async start(
    auth: AuthContext,
    values: { kind: string; params: unknown; total: number },
    job: string,
    run: (id: number) => Promise<void>,
  ): Promise<{ code: 200 | 202; operation: TBulkOperation }> {
    const row = { ...values, companyId: auth.companyId, userId: auth.userId };
    if (values.total <= BULK_INLINE_MAX) {
      const id = await this.create(this.db, row);
      await run(id);
      return { code: 200, operation: await this.view(auth, id, () => true) };
    }
    const id = await this.db.transaction().execute(async (trx) => {
      const created = await this.create(trx, row);
      await enqueue(trx, job, { operation_id: created, company_id: auth.companyId });
      return created;
    });
    return { code: 202, operation: await this.view(auth, id, () => true) };
  }

  /**
   * The user's own operation as the API answers it, when `kind` accepts its kind (each route reads
   * its own kinds: the status change's route does not answer a list's operation); 404 otherwise.
   */
  async view(
    auth: AuthContext,
    id: number,
    kind: (kind: string) => boolean,
  ): Promise<TBulkOperation> {
    const row = await this.get(auth.companyId, id, auth.userId);
    if (!row || !kind(row.kind)) throw notFound('Bulk operation');
    return operationView(row);
  }

  /** The operation of the company (and of the user, when given). */
  get(companyId: number, id: number, userId?: number) {
    return this.db
      .selectFrom('bulk_operations')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .$if(userId !== undefined, (q) => q.where('user_id', '=', userId!))
      .executeTakeFirst();
  }

  async progress(companyId: number, id: number, p: BulkProgress): Promise<void> {
    const now = new Date().toISOString();
    const finished = p.status === 'done' || p.status === 'failed';
    await this.db
      .updateTable('bulk_operations')
      .set({
        status: p.status,
        processed: p.processed,
        changed: p.changed,
        skipped: JSON.stringify(p.skipped),
        cursor: p.cursor,
        ...(p.error !== undefined ? { error: p.error } : {}),
        updated_at: now,
        ...(finished ? { finished_at: now } : {}),
      })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }
}

/** What a run needs of the kind of operation it walks (`BulkOperations.walk`). */
export type BulkWalk<P extends { actor: ActorSnapshot }, R> = {
  /** The selection as the operation's user sees it now; an HttpError fails the operation. */
  resolve: (auth: AuthContext, params: P) => Promise<R>;
  /** The next ids after the cursor, in id order, at most `batch`. */
  next: (resolved: R, cursor: number, batch: number) => Promise<number[]>;
  /** Acts on one batch: how many changed, and why the others were skipped. */
  step: (
    auth: AuthContext,
    params: P,
    ids: number[],
    resolved: R,
  ) => Promise<{ changed: number; failed: { reason: string }[] }>;
  batch: number;
};

/**
 * Runs an operation from its cursor, a batch at a time, writing the progress after each; a
 * retried job goes on where the last one stopped. The selection is resolved again as its user
 * (unless the request just did): if the user lost the right or the list went away meanwhile, the
 * operation fails and nothing more is changed.
 */
export async function walkOperation<P extends { actor: ActorSnapshot }, R>(
  operations: BulkOperations,
  companyId: number,
  id: number,
  walk: BulkWalk<P, R>,
  resolvedAlready?: R,
): Promise<void> {
  const row = await operations.get(companyId, id);
  if (!row || row.status === 'done' || row.status === 'failed') return;
  const params = JSON.parse(row.params) as P;
  const auth = actorOf(params.actor);
  const p = progressOf(row);
  let resolved: R;
  try {
    resolved = resolvedAlready ?? (await walk.resolve(auth, params));
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    await operations.progress(companyId, id, { ...p, status: 'failed', error: error.message });
    throw new PermanentJobError(error.message);
  }
  await operations.progress(companyId, id, p);
  for (;;) {
    const ids = await walk.next(resolved, p.cursor, walk.batch);
    if (!ids.length) break;
    const result = await walk.step(auth, params, ids, resolved);
    p.processed += ids.length;
    p.changed += result.changed;
    for (const f of result.failed) p.skipped[f.reason] = (p.skipped[f.reason] ?? 0) + 1;
    p.cursor = ids[ids.length - 1]!;
    await operations.progress(companyId, id, p);
    if (ids.length < walk.batch) break;
    // Other requests are answered between two batches (SQLite: one connection).
    await new Promise((resolve) => setImmediate(resolve));
  }
  await operations.progress(companyId, id, { ...p, status: 'done' });
}

export type BulkOperationRow = NonNullable<Awaited<ReturnType<BulkOperations['get']>>>;

/** The operation as the API answers it. */
export function operationView(row: BulkOperationRow): TBulkOperation {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as TBulkOperation['status'],
    total: row.total,
    processed: row.processed,
    changed: row.changed,
    skipped: JSON.parse(row.skipped) as Record<string, number>,
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}

/** A row's counters as a run goes on from them. */
export function progressOf(row: BulkOperationRow): BulkProgress {
  return {
    status: 'running',
    processed: row.processed,
    changed: row.changed,
    skipped: JSON.parse(row.skipped) as Record<string, number>,
    cursor: row.cursor,
  };
}
