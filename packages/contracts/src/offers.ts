import { z } from 'zod';
import { ZCustomFieldValues } from './custom-fields.ts';
import { requiredOr } from './errors.ts';
import { SELECTION_MAX_IDS, ZSelectionFilters } from './application-selection.ts';
import { ZId } from './ids.ts';
import { zPaged } from './paging.ts';
import { ZUserSummary } from './projects.ts';

export const OFFER_STATUSES = ['draft', 'published', 'unpublished'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Contract types; the web translates each code (`projects:contract_types.{code}`). */
export const CONTRACT_TYPES = [
  'cdi',
  'cdd',
  'interim',
  'alternance',
  'stage',
  'freelance',
  'titulaire',
  'contractuel',
] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

export const REMOTE_OPTIONS = ['none', 'partial', 'full'] as const;
export type RemoteOption = (typeof REMOTE_OPTIONS)[number];

export const ARCHIVE_REASONS = [
  'position_filled',
  'recruitment_cancelled',
  'recruitment_on_hold',
  'duplicate',
  'other',
] as const;
export type ArchiveReason = (typeof ARCHIVE_REASONS)[number];

/** Why an offer is in alert: applications left `new` too long, or a closing date within 7 days. */
export const ALERT_REASONS = ['untreated_applications', 'closing_soon'] as const;
export const DEFAULT_ALERT_DELAY_DAYS = 7;
export const CLOSING_SOON_DAYS = 7;

/**
 * `GET /projects/{id}/offers` filters, sent as `filter[name]=value` (spec section 2 "Offer list"):
 * `status` comma-joined statuses; `alert` 1|0; `created_at`, `updated_at` and `closed_at` (the
 * closing day) as `yyyy-MM-dd,yyyy-MM-dd` (either side may be empty, both inclusive);
 * `archived` 0 (default) | 1 | all; `q` text in job position, reference or location; `jobboard`
 * comma-joined job-board ids with an on-line posting; `project_id` comma-joined project ids,
 * each with the projects below it. Also `contract_type`, `subsidiaries`, `departments`.
 * Plus `page`, `per_page` (max 100, default 20) and `sort` (one of OFFER_SORTS, `-` for
 * descending; default `-created_at`).
 */
export const OFFER_LIST_FILTERS = [
  'status',
  'alert',
  'created_at',
  'updated_at',
  'archived',
  'closed_at',
  'q',
  'jobboard',
  'project_id',
  'contract_type',
  'subsidiaries',
  'departments',
] as const;

/**
 * `GET /projects/all/offers/export/all?format=csv|xlsx&lang=fr|en|es|de` filters: these, and every
 * offer list filter. Archived offers are included unless `filter[archived]` says otherwise.
 */
export const OFFER_EXPORT_FILTERS = [
  'contract_type',
  'offer_status',
  'archived',
  'subsidiaries',
  'departments',
  'created_at_start',
  'created_at_end',
] as const;

export const OFFER_SORTS = [
  'created_at',
  'updated_at',
  'published_at',
  'closing_date',
  'job_position',
  'reference',
  'status',
] as const;

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `max_length:${max}`)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));
// The range first, stopping there: 1e20 answers `max_value` alone, not `invalid` too.
const salary = z
  .number()
  .min(0, { message: 'min_value:0', abort: true })
  .max(10_000_000, { message: 'max_value:10000000', abort: true })
  .int('invalid')
  .nullable()
  .optional();

const offerFields = z.object({
  job_position: z.string().trim().min(1, 'field_required').max(255, 'max_length:255'),
  reference: optionalText(50),
  /** Rich text (HTML); the server keeps an allow-list of tags and drops the rest. */
  description: z.string().max(100_000, 'max_length:100000').nullable().optional(),
  contract_type: z.enum(CONTRACT_TYPES, { message: 'invalid' }).nullable().optional(),
  location: optionalText(255),
  department: optionalText(100),
  remote: z.enum(REMOTE_OPTIONS, { message: 'invalid' }).optional(),
  /** Yearly gross salary in whole euros. */
  salary_min: salary,
  salary_max: salary,
  subsidiary_id: ZId.nullable().optional(),
  /** yyyy-MM-dd */
  closing_date: date.nullable().optional(),
  /** An image of the company's bank (contracts/offer-settings.ts), or null for none. */
  image_id: ZId.nullable().optional(),
  /** The offer's custom fields, `{ "<field id>": value }` (contracts/custom-fields.ts). */
  custom_fields: ZCustomFieldValues.optional(),
});

const salaryOrder = (
  v: { salary_min?: number | null; salary_max?: number | null },
  ctx: z.RefinementCtx,
) => {
  if (v.salary_min != null && v.salary_max != null && v.salary_max < v.salary_min) {
    ctx.addIssue({ code: 'custom', message: 'invalid', path: ['salary_max'] });
  }
};

/** `POST /projects/{id}/offers` (id a leaf project): a new offer starts as a draft. */
export const ZOfferCreateRequest = offerFields.superRefine(salaryOrder);
export type TOfferCreateRequest = z.infer<typeof ZOfferCreateRequest>;

/** `PUT /projects/{id}/offers/{offer_id}`: the fields sent are changed, the others kept. */
export const ZOfferUpdateRequest = offerFields.partial().superRefine(salaryOrder);
export type TOfferUpdateRequest = z.infer<typeof ZOfferUpdateRequest>;

const person = z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string() });

/** One offer in a list (no description). */
export const ZOfferListItem = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  project_name: z.string(),
  job_position: z.string(),
  reference: z.string().nullable(),
  contract_type: z.enum(CONTRACT_TYPES).nullable(),
  location: z.string().nullable(),
  department: z.string().nullable(),
  remote: z.enum(REMOTE_OPTIONS),
  salary_min: z.number().int().nullable(),
  salary_max: z.number().int().nullable(),
  subsidiary_id: z.number().int().nullable(),
  subsidiary_name: z.string().nullable(),
  status: z.enum(OFFER_STATUSES),
  archived: z.boolean(),
  archived_reason: z.enum(ARCHIVE_REASONS).nullable(),
  archived_comment: z.string().nullable(),
  archived_at: z.string().nullable(),
  closing_date: z.string().nullable(),
  published_at: z.string().nullable(),
  created_by: person.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  is_favorite: z.boolean(),
  total_applications: z.number().int(),
  total_to_treat: z.number().int(),
  in_alert: z.boolean(),
  alert_reasons: z.array(z.enum(ALERT_REASONS)),
  /**
   * In the offer lists: the values of the offer fields marked `show_in_list` (not archived),
   * `{ "<field id>": value }` (contracts/custom-fields.ts).
   */
  custom_fields: ZCustomFieldValues.optional(),
});
export type TOfferListItem = z.infer<typeof ZOfferListItem>;

export const ZOfferPage = zPaged(ZOfferListItem);
export type TOfferPage = z.infer<typeof ZOfferPage>;

export const ZJobBoard = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo_url: z.string().nullable(),
});
export type TJobBoard = z.infer<typeof ZJobBoard>;

/** A job board with this offer's posting on it, if any. */
export const ZOfferJobBoard = ZJobBoard.extend({
  posted: z.boolean(),
  posted_at: z.string().nullable(),
  /** Set while the offer is not published: the posting is off-line. */
  removed_at: z.string().nullable(),
});
export type TOfferJobBoard = z.infer<typeof ZOfferJobBoard>;

export const ZOfferDetail = ZOfferListItem.extend({
  description: z.string().nullable(),
  /** The project's application setting (spec 5): applicants may join documents and a motivation. */
  documents_enabled: z.boolean(),
  /** The bank image the offer shows (`/api/offer-images/{id}/file`), or null. */
  image_id: z.number().int().nullable(),
  /** That image's thumbnail, shown in the offer's header (served to the company only), or null. */
  image: z
    .object({
      id: z.number().int(),
      /** `/api/offer-images/{id}/thumbnail` */
      thumbnail_url: z.string(),
      thumb_width: z.number().int(),
      thumb_height: z.number().int(),
    })
    .nullable()
    .optional(),
  jobboards: z.array(ZOfferJobBoard),
  /** The values of the company's offer custom fields not archived (contracts/custom-fields.ts). */
  custom_fields: ZCustomFieldValues.optional(),
  /** The company's description (config `joboffers/company-description`), shown on every offer. */
  company_description: z.string().nullable().optional(),
  /** NonDiscrimination mandatory mentions (config `joboffers/offer-parameters`), on every offer. */
  mandatory_mentions: z.string().nullable().optional(),
});
export type TOfferDetail = z.infer<typeof ZOfferDetail>;

export const ZArchiveRequest = z.object({
  reason: z.enum(ARCHIVE_REASONS, { error: requiredOr() }),
  comment: optionalText(255),
});
export type TArchiveRequest = z.infer<typeof ZArchiveRequest>;

/** `PUT …/offers/{offer_id}/move`; `moving_offer`, when sent, must be the path's offer. */
export const ZOfferMoveRequest = z.object({
  moving_offer: ZId.optional(),
  target_project: ZId,
});
export type TOfferMoveRequest = z.infer<typeof ZOfferMoveRequest>;

const ids = z.array(ZId).min(1, 'field_required').max(1000, 'invalid');

export const ZBatchRequest = z.object({ offers_ids: ids });
export const ZBatchArchiveRequest = ZArchiveRequest.extend({ offers_ids: ids });
export const ZBatchMoveRequest = z.object({
  moving_offers: ids,
  target_project: ZId,
});
export type TBatchRequest = z.infer<typeof ZBatchRequest>;

/**
 * "Select all N that match" on an offer list (issue 42 part 2, docs/bulk-actions.md): every offer
 * the list of the route's project (a project id or a special list: `all`, `favorites`, `drafts`…)
 * shows under `filters` — the list route's own query parameters (`filter[…]`), read by the same
 * parser; `page`, `per_page`, `sort` and `order` are ignored. `except`: offers unticked after
 * choosing "all". `count`: how many the user was shown; when the set now holds another number the
 * server answers 409 `selection_changed` with the current one in `errors.count[0]` and changes
 * nothing. Sets up to BULK_INLINE_MAX are changed during the request (200 with the finished
 * operation), bigger ones by a job (202, followed with `GET /projects/all/offers/bulk-operations/{id}`).
 */
export const ZOfferSelection = z.object({
  all: z.object({
    filters: ZSelectionFilters.default({}),
    except: z.array(ZId).max(SELECTION_MAX_IDS, 'invalid').default([]),
    count: z.number().int().min(0),
  }),
});
export type TOfferSelection = z.infer<typeof ZOfferSelection>;
export type TOfferSelectionInput = z.input<typeof ZOfferSelection>;

/** The batch bodies with a selection instead of the ids (`offers_ids`, `moving_offers`). */
export const ZBatchSelectionRequest = z.object({ selection: ZOfferSelection });
export const ZBatchArchiveSelectionRequest = ZArchiveRequest.extend({ selection: ZOfferSelection });
export const ZBatchMoveSelectionRequest = z.object({
  selection: ZOfferSelection,
  target_project: ZId,
});
export type TBatchArchiveRequest = z.infer<typeof ZBatchArchiveRequest>;
export type TBatchMoveRequest = z.infer<typeof ZBatchMoveRequest>;

/**
 * Why an offer of an action could not change: `not_found` (unknown or not visible),
 * `archived` (archived offers must first go back to draft), `already_published`, `not_published`,
 * `already_archived`, `already_draft`, `already_in_project`.
 */
export const OFFER_ACTION_FAILURES = [
  'not_found',
  'archived',
  'already_published',
  'not_published',
  'already_archived',
  'already_draft',
  'already_in_project',
] as const;
export type OfferActionFailure = (typeof OFFER_ACTION_FAILURES)[number];

export const ZBatchResult = z.object({
  changed: z.array(z.number().int()),
  failed: z.array(z.object({ id: z.number().int(), reason: z.enum(OFFER_ACTION_FAILURES) })),
});
export type TBatchResult = z.infer<typeof ZBatchResult>;

/** `PUT …/offers/{offer_id}/jobboards`: where the offer is posted (replaces the list). */
export const ZOfferJobBoardsRequest = z.object({
  jobboard_ids: z.array(ZId).max(100, 'invalid'),
});

/** `GET` and `PUT /offer/{id}/users-with-offer-access`. */
export const ZOfferUsersRequest = z.object({
  users_ids: z.array(ZId).max(1000, 'invalid'),
});
export const ZOfferUsers = z.array(ZUserSummary);

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ZExportSpecificRequest = z.object({
  format: z.enum(EXPORT_FORMATS, { error: requiredOr() }),
  offer_ids: ids,
});
export type TExportSpecificRequest = z.infer<typeof ZExportSpecificRequest>;
