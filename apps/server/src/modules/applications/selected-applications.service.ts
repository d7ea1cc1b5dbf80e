import type { TRecipientSelection } from '@embauche/contracts/application-selection';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { HttpError, validationFailed } from '../../platform/http/http-error.ts';
import type {
  ApplicationSelectionRepository,
  ResolvedSelection,
} from './application-selection.repository.ts';
import type { BulkStatusService } from './bulk-status.service.ts';

/** Rows read per query while walking a selection. */
const WALK_BATCH = 1000;

/**
 * Writing to "all that match" (issue 42 part 2, docs/bulk-actions.md): the applications of a
 * list's `all` selection for the mailings and SMS modules (provided as `applicationSelection`),
 * resolved as the bulk status change resolves it — the list's filters, the company, the user's
 * sight, 404 for an offer the user does not reach — so that those modules never read the
 * applications' tables themselves.
 */
export class SelectedApplicationsService {
  constructor(
    private readonly bulk: Pick<BulkStatusService, 'resolve'>,
    private readonly repo: Pick<ApplicationSelectionRepository, 'count' | 'rowsAfter'>,
  ) {}

  /**
   * The selection resolved (the list's filters, company and sight) and counted: 409
   * `selection_changed` (the current count in `errors.count[0]`) when the set no longer holds
   * `all.count`.
   */
  async counted(
    auth: AuthContext,
    selection: TRecipientSelection,
  ): Promise<{ resolved: ResolvedSelection; total: number }> {
    const resolved = await this.resolve(auth, selection);
    const total = await this.repo.count(auth.companyId, resolved);
    if (total !== selection.all.count)
      throw new HttpError(409, 'The selection changed since it was counted.', 'selection_changed', {
        count: [String(total)],
      });
    return { resolved, total };
  }

  /** The selection resolved as the user sees it now, uncounted (a job walking it later). */
  resolve(auth: AuthContext, selection: TRecipientSelection): Promise<ResolvedSelection> {
    return this.bulk.resolve(auth, { all: selection.all }, selection.spontaneous);
  }

  /** The next `limit` selected applications after `after`, with their applicant (id order). */
  rowsAfter(
    companyId: number,
    resolved: ResolvedSelection,
    after: number,
    limit: number,
  ): Promise<{ id: number; applicant_id: number }[]> {
    return this.repo.rowsAfter(companyId, resolved, after, limit);
  }

  /**
   * The selected applications (id order) with their applicant. 409 as `counted`; 422
   * `{field}: max_items:{max}` when it holds more than `max`.
   */
  async applications(
    auth: AuthContext,
    selection: TRecipientSelection,
    max: number,
    field: string,
  ): Promise<{ id: number; applicant_id: number }[]> {
    const { resolved, total } = await this.counted(auth, selection);
    if (total > max) throw validationFailed({ [field]: [`max_items:${max}`] });
    return this.rows(auth.companyId, resolved, max);
  }

  /** The first `max` applications of a resolved selection, read in batches (id order). */
  async rows(
    companyId: number,
    resolved: ResolvedSelection,
    max: number,
  ): Promise<{ id: number; applicant_id: number }[]> {
    const rows: { id: number; applicant_id: number }[] = [];
    let after = 0;
    for (;;) {
      const batch = await this.repo.rowsAfter(companyId, resolved, after, WALK_BATCH);
      rows.push(...batch);
      // Never more than the cap, even if applications arrived between the count and the walk.
      if (batch.length < WALK_BATCH || rows.length >= max) break;
      after = batch[batch.length - 1]!.id;
    }
    return rows.slice(0, max);
  }
}
