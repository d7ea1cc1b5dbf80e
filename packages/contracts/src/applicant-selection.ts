import { z } from 'zod';
import { SELECTION_MAX_IDS, ZSelectionFilters } from './application-selection.ts';
import { ZId } from './ids.ts';

/**
 * "Select all N that match" for applicants (issue 42 part 2, docs/bulk-actions.md): every
 * applicant a sourcing search or a recruitment list shows under its filters, resolved on the
 * server by those filters — never by the rows the browser loaded.
 *
 * - `source: 'sourcing'`: the sourcing search (`GET /sourcing/search`); `filters` are its query
 *   parameters `q` and `filter[…]` (`filter[tags]`, `filter[source]`, `filter[job_board]`,
 *   `filter[last_status]`, `filter[applied]`, `filter[has_cv]`); page, per_page and sort are
 *   ignored. "All that match" is every applicant the search matches (every word, as a prefix, in
 *   the name, e-mail, tags or CV text, under the filters) that the user sees — the search's
 *   `total`, not only the best-ranked page. Needs `sourcing.access` (403 otherwise).
 * - `source: 'recruitment_list'` with `list_id`: the list's applicants that the user sees
 *   (`GET /recruitment-lists/{list_id}/applicants`); `filters.search` on the name. 404 for a list
 *   the user may not see (private to another, not shared with them, another company's).
 *
 * `except`: ids unticked after choosing "all". `count`: how many the user was shown; when the set
 * now holds another number the server answers 409 `selection_changed` with the current number in
 * `errors.count[0]` and changes nothing. The route's own cap applies by `count` (422
 * `{field}: max_items:{cap}`, nothing stored).
 */
export const APPLICANT_SELECTION_SOURCES = ['sourcing', 'recruitment_list'] as const;
export type TApplicantSelectionSource = (typeof APPLICANT_SELECTION_SOURCES)[number];

export const ZApplicantSelectionAll = z
  .object({
    source: z.enum(APPLICANT_SELECTION_SOURCES, { error: 'invalid' }),
    list_id: ZId.optional(),
    filters: ZSelectionFilters.default({}),
    except: z.array(ZId).max(SELECTION_MAX_IDS, 'invalid').default([]),
    count: z.number().int().min(0),
  })
  .refine((a) => a.source !== 'recruitment_list' || a.list_id !== undefined, {
    message: 'field_required',
    path: ['list_id'],
  });
export type TApplicantSelectionAll = z.infer<typeof ZApplicantSelectionAll>;

export const ZApplicantSelection = z.object({ all: ZApplicantSelectionAll });

/**
 * The most applicants one change to "all that match" may act on (add to or remove from a
 * recruitment list, add to an offer): over it, 422 `{field}: max_items:10000`, nothing done. Up to
 * BULK_INLINE_MAX (200) the change is made during the request (200 with the finished operation),
 * more by a background job (202, its progress read back). The job walks any size by id; the cap
 * bounds one confirmation (a mailing's cap too), so that a slip never files a whole database of
 * applicants somewhere, and keeps a job to a few minutes.
 */
export const APPLICANT_BULK_MAX = 10_000;

/**
 * Why a selected applicant was left as it was by a change to "all that match": `already_in_list`,
 * `not_in_list` (a recruitment list's add or remove), `already_applied` (add to an offer: the
 * applicant has an application there), `not_found` (gone, or out of the user's sight meanwhile).
 */
export const APPLICANT_SKIP_REASONS = [
  'already_in_list',
  'not_in_list',
  'already_applied',
  'not_found',
] as const;
export type TApplicantSkipReason = (typeof APPLICANT_SKIP_REASONS)[number];
export type TApplicantSelection = z.infer<typeof ZApplicantSelection>;
export type TApplicantSelectionInput = z.input<typeof ZApplicantSelection>;
