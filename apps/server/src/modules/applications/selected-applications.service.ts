import type { TRecipientSelection } from '@embauche/contracts/application-selection';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { HttpError, validationFailed } from '../../platform/http/http-error.ts';
import type { ApplicationSelectionRepository } from './application-selection.repository.ts';
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
   * The selected applications (id order) with their applicant. 409 `selection_changed` (the
   * current count in `errors.count[0]`) when the set no longer holds `all.count`; 422
   * `{field}: max_items:{max}` when it holds more than `max`.
   */
  async applications(
    auth: AuthContext,
    selection: TRecipientSelection,
    max: number,
    field: string,
  ): Promise<{ id: number; applicant_id: number }[]> {
    const resolved = await this.bulk.resolve(auth, { all: selection.all }, selection.spontaneous);
    const total = await this.repo.count(auth.companyId, resolved);
    if (total !== selection.all.count)
      throw new HttpError(409, 'The selection changed since it was counted.', 'selection_changed', {
        count: [String(total)],
      });
    if (total > max) throw validationFailed({ [field]: [`max_items:${max}`] });
    const rows: { id: number; applicant_id: number }[] = [];
    let after = 0;
    for (;;) {
      const batch = await this.repo.rowsAfter(auth.companyId, resolved, after, WALK_BATCH);
      rows.push(...batch);
      // Never more than the cap, even if applications arrived between the count and the walk.
      if (batch.length < WALK_BATCH || rows.length >= max) break;
      after = batch[batch.length - 1]!.id;
    }
    return rows.slice(0, max);
  }
}
