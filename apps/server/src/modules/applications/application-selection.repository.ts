import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { ApplicationFilters } from './application-filters.ts';
import type { ApplicationsRepository } from './applications.repository.ts';

/** A resolved selection: a list's filters (company and the user's sight included), its ids, its exceptions. */
export type ResolvedSelection = { filters: ApplicationFilters; ids?: number[]; except: number[] };

/**
 * "Select all that match" (issue 42 part 2): the selected applications counted and walked by id,
 * a batch at a time, by the list's own filters (ApplicationsRepository.filtered). The
 * bulk_operations rows that keep a change's progress are platform/jobs/bulk-operations.ts's.
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
}
