import type { TApplicantSelection } from '@embauche/contracts/applicant-selection';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { HttpError, validationFailed } from '../../platform/http/http-error.ts';

/** Ids read per query while walking a selection. */
const WALK_BATCH = 1000;

/**
 * A resolved selection of applicants (a sourcing search, a recruitment list): how many it holds
 * but `except`, and its ids in id order, a batch at a time after `after`.
 */
export type SelectedApplicants = {
  count(except: number[]): Promise<number>;
  idsAfter(except: number[], after: number, limit: number): Promise<number[]>;
};

type Source = (auth: AuthContext, filters: Record<string, string>) => Promise<SelectedApplicants>;

/**
 * "Select all N that match" for applicants (issue 42 part 2, docs/bulk-actions.md): the applicants
 * of an `all` selection (contracts/applicant-selection.ts), resolved by the module that owns the
 * data — the sourcing search by the sourcing module (its own parsers and statement), a
 * recruitment list by this one (its sight rules: 404 for a list the user may not see) — for the
 * company and the user's sight. Provided as `applicantSelection` (mailings, SMS) and used by the
 * list's own add and remove routes, so that no module reads another's tables.
 */
export class ApplicantSelectionService {
  constructor(
    private readonly sources: {
      sourcing: () => { selection: Source };
      recruitment_list: (
        auth: AuthContext,
        listId: number,
        filters: Record<string, string>,
      ) => Promise<SelectedApplicants>;
    },
  ) {}

  /** The applicants of an `all` selection as the user sees them now (404, 403 by its source). */
  resolve(auth: AuthContext, selection: TApplicantSelection): Promise<SelectedApplicants> {
    const { all } = selection;
    return all.source === 'sourcing'
      ? this.sources.sourcing().selection(auth, all.filters)
      : this.sources.recruitment_list(auth, all.list_id!, all.filters);
  }

  /**
   * The selection resolved and its count checked: 409 `selection_changed` (the current count in
   * `errors.count[0]`) when the set no longer holds `all.count`; 422 `{field}: max_items:{max}`
   * when it holds more than `max`. Answers the set and how many it holds (less `except`).
   */
  async checked(
    auth: AuthContext,
    selection: TApplicantSelection,
    max: number,
    field: string,
  ): Promise<{ selected: SelectedApplicants; total: number }> {
    const selected = await this.resolve(auth, selection);
    const total = await selected.count(selection.all.except);
    if (total !== selection.all.count)
      throw new HttpError(409, 'The selection changed since it was counted.', 'selection_changed', {
        count: [String(total)],
      });
    if (total > max) throw validationFailed({ [field]: [`max_items:${max}`] });
    return { selected, total };
  }

  /**
   * The selected applicant ids, in id order, checked as `checked` does (409, 422). Nothing is
   * written here: the caller applies the ids through the same code as its id form.
   */
  async applicantIds(
    auth: AuthContext,
    selection: TApplicantSelection,
    max: number,
    field: string,
  ): Promise<number[]> {
    const { except } = selection.all;
    const { selected } = await this.checked(auth, selection, max, field);
    const ids: number[] = [];
    let after = 0;
    for (;;) {
      const batch = await selected.idsAfter(except, after, WALK_BATCH);
      ids.push(...batch);
      // Never more than the cap, even if applicants arrived between the count and the walk.
      if (batch.length < WALK_BATCH || ids.length >= max) break;
      after = batch[batch.length - 1]!;
    }
    return ids.slice(0, max);
  }
}
