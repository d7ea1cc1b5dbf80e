import { z } from 'zod';
import { ZId } from './ids.ts';

/**
 * "Select all N that match" (issue 42 part 2, docs/bulk-actions.md): a selection of applications
 * is either a list of ids (what the user ticked) or every application a list shows under its
 * filters, resolved on the server by those filters — never by the rows the browser loaded.
 *
 * `all` names the list and its filters, the same query parameters the list route takes
 * (`filter[statuses]`, `search`, `scope_range`…; page, per_page and sort are ignored):
 * - `list: 'offer'`: one offer's applications (`GET /projects/{project_id}/offers/{offer_id}/applications`);
 * - `list: 'treatment'`: the treatment list of the route it is sent to (on offers, or spontaneous),
 *   `new` only unless `statuses` says otherwise, like `GET /treatment/…`.
 * `except`: ids the user unticked after choosing "all". `count`: how many the user was shown; when
 * the set now holds another number the server answers 409 `selection_changed` with the current
 * number in `errors.count[0]`, and nothing is changed: the user confirms again with the new count.
 */
export const SELECTION_MAX_IDS = 1000;

export const ZSelectionFilters = z
  .record(z.string(), z.string().max(2000))
  .refine((f) => Object.keys(f).length <= 30, 'invalid');

export const ZApplicationSelectionAll = z.object({
  list: z.enum(['offer', 'treatment']),
  project_id: ZId.optional(),
  offer_id: ZId.optional(),
  filters: ZSelectionFilters.default({}),
  except: z.array(ZId).max(SELECTION_MAX_IDS, 'invalid').default([]),
  count: z.number().int().min(0),
});
export type TApplicationSelectionAll = z.infer<typeof ZApplicationSelectionAll>;

export const ZApplicationSelection = z.union([
  z.object({ ids: z.array(ZId).min(1).max(SELECTION_MAX_IDS, 'invalid') }),
  z.object({ all: ZApplicationSelectionAll }),
]);
export type TApplicationSelection = z.infer<typeof ZApplicationSelection>;

/**
 * Writing to "all that match" (issue 42 part 2, docs/bulk-actions.md): the recipients of a mailing
 * (`recipients.selection`, contracts/mailings.ts) or of a mass SMS (`selection`, contracts/sms.ts)
 * given as a list's `all` selection, resolved on the server exactly as for a status change (the
 * list's filters, the company, the user's sight; 404 for an offer the user does not reach; 409
 * `selection_changed` with the current count when `all.count` is not the set's size). Ticked ids
 * keep going as ids (`application_ids`, `applicant_ids`). `spontaneous`: the treatment list of
 * spontaneous applications (`list: 'treatment'` only). The set counts toward the route's cap by
 * `all.count` (422 `max_items:{cap}` when bigger): the web says so before sending.
 */
export const ZRecipientSelection = z.object({
  all: ZApplicationSelectionAll,
  spontaneous: z.boolean().default(false),
});
export type TRecipientSelection = z.infer<typeof ZRecipientSelection>;
export type TRecipientSelectionInput = z.input<typeof ZRecipientSelection>;

/**
 * `PUT /treatment/{applications|spontaneous}/statuses` with a selection (beside the array forms):
 * every selected application to `status_id` (with `motif_id` when the status needs one).
 */
export const ZSelectionStatusRequest = z.object({
  selection: ZApplicationSelection,
  status_id: ZId,
  motif_id: ZId.nullable().optional(),
});
export type TSelectionStatusRequest = z.infer<typeof ZSelectionStatusRequest>;

/**
 * Sets up to this size are changed during the request (answer 200, `status: 'done'`); bigger ones
 * by a background job (answer 202, `status: 'queued'`), followed with
 * `GET /applications/bulk-operations/{id}`.
 */
export const BULK_INLINE_MAX = 200;

/**
 * Why a selected application was left as it was: `unchanged` (already in that status, with that
 * motif), `invalid_status` (not a status of its offer's workflow), `motif_required`,
 * `invalid_motif`, `not_found` (gone, or out of the user's sight meanwhile).
 */
export const ZBulkOperation = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** How many the selection held when it was confirmed. */
  total: z.number().int(),
  /** How many were looked at so far (changed + skipped). */
  processed: z.number().int(),
  changed: z.number().int(),
  skipped: z.record(z.string(), z.number().int()),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TBulkOperation = z.infer<typeof ZBulkOperation>;
