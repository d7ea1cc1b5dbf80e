import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { ApplicationFilters } from './application-filters.ts';
import type { ApplicationsRepository } from './applications.repository.ts';

/** A resolved selection: a list's filters (company and the user's sight included), its ids, its exceptions. */
export type ResolvedSelection = { filters: ApplicationFilters; ids?: number[]; except: number[] };

/** A bulk operation's counters as they are written after each batch. */
export type BulkProgress = {
  status: 'queued' | 'running' | 'done' | 'failed';
  processed: number;
  changed: number;
  skipped: Record<string, number>;
  cursor: number;
  error?: string | null;
};

/**
 * "Select all that match" (issue 42 part 2): the selected applications counted and walked by id,
 * a batch at a time, by the list's own filters (ApplicationsRepository.filtered); and the
 * bulk_operations rows (migration 0063) that keep a change's progress and outcome.
 */
export class ApplicationSelectionRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly applications: ApplicationsRepository,
  ) {}

  private selected(companyId: number, s: ResolvedSelection) {
    let q = this.applications.filtered(companyId, s.filters);
    if (s.ids) q = q.where('applications.id', 'in', s.ids.length ? s.ids : [0]);
    if (s.except.length) q = q.where('applications.id', 'not in', s.except);
    return q;
  }

  async count(companyId: number, s: ResolvedSelection): Promise<number> {
    const row = await this.selected(companyId, s)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The next `limit` selected applications after `after`, in id order (a keyset walk: no offset, no set in memory). */
  private walk(companyId: number, s: ResolvedSelection, after: number, limit: number) {
    return this.selected(companyId, s)
      .where('applications.id', '>', after)
      .orderBy('applications.id')
      .limit(limit);
  }

  /** The next `limit` selected ids after `after` (the bulk status change's batches). */
  async idsAfter(
    companyId: number,
    s: ResolvedSelection,
    after: number,
    limit: number,
  ): Promise<number[]> {
    const rows = await this.walk(companyId, s, after, limit).select('applications.id').execute();
    return rows.map((r) => r.id);
  }

  /** Like idsAfter, with each application's applicant (writing to a selection: mailings, SMS). */
  async rowsAfter(
    companyId: number,
    s: ResolvedSelection,
    after: number,
    limit: number,
  ): Promise<{ id: number; applicant_id: number }[]> {
    const rows = await this.walk(companyId, s, after, limit)
      .select(['applications.id', 'applications.applicant_id'])
      .execute();
    return rows.map((r) => ({ id: r.id, applicant_id: Number(r.applicant_id) }));
  }

  async createOperation(
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

  /** The operation of the company (and of the user, when given). */
  operation(companyId: number, id: number, userId?: number) {
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

export type BulkOperationRow = NonNullable<
  Awaited<ReturnType<ApplicationSelectionRepository['operation']>>
>;
