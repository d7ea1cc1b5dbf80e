/**
 * Recruitment lists (issue 15; spec 2 "Recruitment lists sheet" and "Recruitment list dialog", 3, 4,
 * 5, 6, 7 "Recruitment lists", 8, 9). Every path is under `/api`; every route needs `project.list`.
 *
 *   GET    /api/recruitment-lists?page&per_page&sort&filter[source]&search → ZRecruitmentListPage
 *          The main list AND the header sheet's paged fetch (one route: the sheet passes its sort and
 *          source filter). `sort`: RECRUITMENT_LIST_SORTS (spec 9, default `date_desc`) or the
 *          DESIGN form `date|-date|name|-name|applicant_amount|-applicant_amount`. `filter[source]`
 *          (or `source`): `own_private`, `own_shared` (mine, shared), `shared` (shared with me);
 *          without it, every list the user sees. `search`: part of the name.
 *   GET    /api/recruitment-lists/users?page&per_page&search → ZRecruitmentListUserPage
 *          The company's active users to share with (not the caller), by last name.
 *   GET    /api/recruitment-lists/{id}                       → ZRecruitmentList
 *   GET    /api/recruitment-lists/{id}/applicants?page&per_page&search → ZRecruitmentListApplicantPage
 *          The list's applicants that the caller sees (search on the name), last added first;
 *          erased ones are counted apart in `archived`, those the caller does not see in `hidden`.
 *   POST   /api/recruitment-lists {name, description, type, collaborative, shared_user_ids} → 201 ZRecruitmentList
 *   PUT    /api/recruitment-lists {id, …the same fields}     → ZRecruitmentList (creator only)
 *   DELETE /api/recruitment-lists/{id}                       → 204 (creator only)
 *   POST   /api/recruitment-lists/{id}/applicants {applicant_ids} → ZRecruitmentList (already there: kept once)
 *   DELETE /api/recruitment-lists/{id}/applicants {applicant_ids} → ZRecruitmentList (404 if
 *          any id is not an applicant the caller sees: nothing removed)
 *          Both also take `{selection}` instead of `applicant_ids`: "all that match" of a sourcing
 *          search or a recruitment list (contracts/applicant-selection.ts, issue 42 part 2).
 *
 * Who may do what: a private list exists only for its creator (404 for anyone else); a shared list
 * is seen by its creator and its shared users. Only the creator edits or deletes it (a shared user:
 * 403). Adding and removing applicants: the creator, and the shared users of a collaborative list
 * (a shared, non-collaborative list is read only for them: 403). Another company's list is 404.
 * 422 codes: `name: field_required | max_length:50`, `description: max_length:255`,
 * `type: field_required | invalid`, `shared_user_ids: field_required` (shared without users) or
 * `unknown_user` (not an active user of the company), `applicant_ids: field_required |
 * max_items:500 | unknown_applicant` (adding: not an applicant the caller sees).
 *
 * Erased applicants: an entry outlives its applicant's erasure without naming it; such entries are
 * `archived_applicants` (a count), apart from `applicants` (the ids of the others).
 * `applicant_amount` counts every entry (kept in the same transaction as the change).
 *
 * Hidden entries (issue 33 item 7): a list shows each reader only the applicants they see
 * elsewhere (the applicant scope: `project.see_all`, or an application on an offer they reach, or
 * a spontaneous one with `project_application.see_spontaneous`), whoever created or shared the
 * list. The others are `hidden_applicants` (detail) and `hidden` (the applicants' page): a count,
 * never a name, e-mail or id, and it ignores `search` (a search never tells whether a hidden
 * applicant matches). Hence `applicant_amount` = shown + `hidden_applicants` +
 * `archived_applicants`, the same number for every reader (the cards show it). Removing an
 * applicant the caller does not see (hidden, another company's, or unknown) answers 404 and
 * removes nothing, as the applicant routes do; adding one is 422 `unknown_applicant`.
 */
import { z } from 'zod';
import { APPLICANT_BULK_MAX, ZApplicantSelection } from './applicant-selection.ts';
import { requiredOr } from './errors.ts';
import { ZId, ZIdParam } from './ids.ts';
import { ZPageQuery, zPaged } from './paging.ts';

/** Spec 9. */
export const RECRUITMENT_LIST_NAME_MAX = 50;
export const RECRUITMENT_LIST_DESCRIPTION_MAX = 255;
/** Applicants added or removed in one call by id (a selection: APPLICANT_BULK_MAX). */
export const RECRUITMENT_LIST_APPLICANTS_MAX = 500;
/** Lists per page of the sheet unless `per_page` says otherwise. */
export const RECRUITMENT_LIST_PAGE_SIZE = 20;

/** Spec 9 sort values; `date_desc` is the default. */
export const RECRUITMENT_LIST_SORTS = [
  'date_desc',
  'date_asc',
  'name_asc',
  'name_desc',
  'applicant_amount_desc',
  'applicant_amount_asc',
] as const;
export type TRecruitmentListSort = (typeof RECRUITMENT_LIST_SORTS)[number];
export const RECRUITMENT_LIST_DEFAULT_SORT: TRecruitmentListSort = 'date_desc';

/** Spec 9 source filter: my private lists, my shared lists, the lists shared with me. */
export const RECRUITMENT_LIST_SOURCES = ['own_private', 'own_shared', 'shared'] as const;
export type TRecruitmentListSource = (typeof RECRUITMENT_LIST_SOURCES)[number];

export const RECRUITMENT_LIST_TYPES = ['private', 'shared'] as const;
export type TRecruitmentListType = (typeof RECRUITMENT_LIST_TYPES)[number];

/** `-date` → `date_desc`, `name` → `name_asc` (DESIGN's `sort=column|-column`). */
function sortAlias(value: unknown): unknown {
  if (typeof value !== 'string' || value === '') return value === '' ? undefined : value;
  const m = /^(-?)(date|name|applicant_amount)$/.exec(value);
  return m ? `${m[2]}_${m[1] ? 'desc' : 'asc'}` : value;
}

export const ZRecruitmentListPerson = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
});

export const ZRecruitmentListUser = ZRecruitmentListPerson.extend({
  img_src: z.string().nullable(),
});
export type TRecruitmentListUser = z.infer<typeof ZRecruitmentListUser>;

/** Spec 3 "Recruitment list", plus its counter and times. */
export const ZRecruitmentList = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  private: z.boolean(),
  collaborative: z.boolean(),
  creator: ZRecruitmentListPerson,
  shared_users: z.array(ZRecruitmentListUser),
  /** Ids of the list's applicants that the caller sees (erased and hidden ones excluded). */
  applicants: z.array(z.number().int()),
  /** Entries whose applicant was erased. */
  archived_applicants: z.number().int(),
  /** Entries whose applicant the caller does not see (a count only; 0 with project.see_all). */
  hidden_applicants: z.number().int(),
  /** Every entry of the list, for every reader (the sheet's badge and sort). */
  applicant_amount: z.number().int(),
  /** The caller may add and remove applicants (creator, or shared user of a collaborative list). */
  can_add: z.boolean(),
  /** The caller created it: edit and delete. */
  is_owner: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TRecruitmentList = z.infer<typeof ZRecruitmentList>;

/**
 * The sheet's card: the list without its applicant ids nor its hidden count (which takes a scan
 * of the list's entries: the card shows `applicant_amount`, the total).
 */
export const ZRecruitmentListItem = ZRecruitmentList.omit({
  applicants: true,
  hidden_applicants: true,
});
export type TRecruitmentListItem = z.infer<typeof ZRecruitmentListItem>;

export const ZRecruitmentListPage = zPaged(ZRecruitmentListItem);
export type TRecruitmentListPage = z.infer<typeof ZRecruitmentListPage>;

export const ZRecruitmentListQuery = ZPageQuery.extend({
  sort: z.preprocess(
    sortAlias,
    z.enum(RECRUITMENT_LIST_SORTS, { error: 'invalid' }).default(RECRUITMENT_LIST_DEFAULT_SORT),
  ),
  'filter[source]': z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(RECRUITMENT_LIST_SOURCES, { error: 'invalid' }).optional(),
    )
    .optional(),
  source: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(RECRUITMENT_LIST_SOURCES, { error: 'invalid' }).optional(),
    )
    .optional(),
  search: z.string().trim().max(255, 'max_length:255').optional(),
});
export type TRecruitmentListQuery = z.infer<typeof ZRecruitmentListQuery>;

export const ZRecruitmentListSearchQuery = ZPageQuery.extend({
  search: z.string().trim().max(255, 'max_length:255').optional(),
});
export type TRecruitmentListSearchQuery = z.infer<typeof ZRecruitmentListSearchQuery>;

export const ZRecruitmentListUserPage = zPaged(ZRecruitmentListUser);
export type TRecruitmentListUserPage = z.infer<typeof ZRecruitmentListUserPage>;

export const ZRecruitmentListApplicant = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
  img_src: z.string().nullable(),
  added_at: z.string(),
  /** The user who added them; null once that user is gone. */
  added_by: ZRecruitmentListPerson.nullable(),
});
export type TRecruitmentListApplicant = z.infer<typeof ZRecruitmentListApplicant>;

export const ZRecruitmentListApplicantPage = zPaged(ZRecruitmentListApplicant).extend({
  /** Entries whose applicant was erased (shown apart, never named). */
  archived: z.number().int(),
  /** Entries whose applicant the caller does not see (never named; whatever the search). */
  hidden: z.number().int(),
});
export type TRecruitmentListApplicantPage = z.infer<typeof ZRecruitmentListApplicantPage>;

export const ZRecruitmentListIdParams = z.object({ id: ZIdParam });

const ZRecruitmentListFields = z.object({
  name: z
    .string({ error: 'field_required' })
    .trim()
    .min(1, 'field_required')
    .max(RECRUITMENT_LIST_NAME_MAX, `max_length:${RECRUITMENT_LIST_NAME_MAX}`),
  description: z
    .string({ error: 'invalid' })
    .trim()
    .max(RECRUITMENT_LIST_DESCRIPTION_MAX, `max_length:${RECRUITMENT_LIST_DESCRIPTION_MAX}`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  type: z.enum(RECRUITMENT_LIST_TYPES, { error: requiredOr() }),
  collaborative: z.boolean({ error: 'invalid' }).default(false),
  shared_user_ids: z.array(ZId, { error: 'invalid' }).max(500, 'max_items:500').default([]),
  /** Sent by the client (true when type is private); `type` decides. */
  private: z.boolean().optional(),
});

/** Spec 5: a shared list needs at least one user. */
function sharedNeedsUsers(
  v: { type: TRecruitmentListType; shared_user_ids: number[] },
  ctx: z.RefinementCtx,
) {
  if (v.type === 'shared' && v.shared_user_ids.length === 0)
    ctx.addIssue({ code: 'custom', path: ['shared_user_ids'], message: 'field_required' });
}

/** The dialog's fields (spec 5): the web form validates with this schema too. */
export const ZRecruitmentListForm = ZRecruitmentListFields.superRefine(sharedNeedsUsers);
export type TRecruitmentListForm = z.input<typeof ZRecruitmentListForm>;
export type TRecruitmentListCreate = z.output<typeof ZRecruitmentListForm>;

/** `PUT /recruitment-lists`: the form with the list's id. */
export const ZRecruitmentListUpdate = ZRecruitmentListFields.extend({ id: ZId }).superRefine(
  sharedNeedsUsers,
);
export type TRecruitmentListUpdate = z.output<typeof ZRecruitmentListUpdate>;

/**
 * `POST|DELETE /recruitment-lists/{id}/applicants`: the ticked applicants (`applicant_ids`, up to
 * RECRUITMENT_LIST_APPLICANTS_MAX, answered with the list), or "all that match" of a sourcing
 * search or a recruitment list (`selection`, contracts/applicant-selection.ts; issue 42 part 2) —
 * one or the other (both: 422 `applicant_ids: invalid`). A selection is answered with its operation
 * (ZBulkOperation): 200 done during the request up to BULK_INLINE_MAX, else 202 queued for the job,
 * read back with `GET /recruitment-lists/bulk-operations/{id}`. Its `count` counts toward
 * APPLICANT_BULK_MAX (422 `selection: max_items:10000`); 409 `selection_changed` when the set no
 * longer holds it. Skipped reasons: `already_in_list` (add), `not_in_list` (remove), `not_found`.
 */
export const ZRecruitmentListApplicantsPayload = z
  .object({
    applicant_ids: z
      .array(ZId, { error: 'field_required' })
      .max(RECRUITMENT_LIST_APPLICANTS_MAX, `max_items:${RECRUITMENT_LIST_APPLICANTS_MAX}`)
      .default([]),
    selection: ZApplicantSelection.optional(),
  })
  .refine((v) => v.selection !== undefined || v.applicant_ids.length > 0, {
    message: 'field_required',
    path: ['applicant_ids'],
  })
  .refine((v) => v.selection === undefined || v.applicant_ids.length === 0, {
    message: 'invalid',
    path: ['applicant_ids'],
  })
  .refine((v) => (v.selection?.all.count ?? 0) <= APPLICANT_BULK_MAX, {
    message: `max_items:${APPLICANT_BULK_MAX}`,
    path: ['selection'],
  });
export type TRecruitmentListApplicantsPayload = z.infer<typeof ZRecruitmentListApplicantsPayload>;
export type TRecruitmentListApplicantsInput = z.input<typeof ZRecruitmentListApplicantsPayload>;
