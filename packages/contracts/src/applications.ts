import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { MAX_ID, ZId } from './ids.ts';
import { APPLICANT_BULK_MAX, ZApplicantSelection } from './applicant-selection.ts';
import { ZApplicant } from './applicants.ts';
import { ZCareerSiteAnswers } from './career-site.ts';
import { ZCustomFieldValues } from './custom-fields.ts';
import { zPaged } from './paging.ts';

/** Spec section 3 "Status": a default one is shown through `config:status:statuses.{name}`. */
export const ZStatus = z.object({
  id: z.number().int(),
  name: z.string(),
  default_status: z.boolean(),
  position: z.number().int(),
  /** The company's colour for the status (`#rrggbb`), if any (issue 17). */
  color: z.string().nullable().optional(),
});
export type TStatus = z.infer<typeof ZStatus>;

/**
 * The status pickers follow the offer's workflow (issue 17; its own, its project's or the default):
 *   GET /api/offer-statuses?offer_ids=1,2 (`project_application.see`) → ZOfferStatuses[]: each
 *       asked offer's workflow statuses in order (hidden ones left out); an offer of another
 *       company or out of the user's sight is left out. 1 to OFFER_STATUSES_MAX comma-joined ids,
 *       else 422 `offer_ids: invalid`.
 *   GET /api/treatment/spontaneous/statuses (`project_application.see_spontaneous`) → ZStatus[]:
 *       the default workflow's, that spontaneous applications follow.
 * A status change (board, treatment lists) naming a status outside the application's workflow
 * fails with `invalid_status` (the board's single change: 422 `status_id: invalid`).
 */
export const OFFER_STATUSES_MAX = 100;
export const ZOfferStatusesQuery = z.object({
  offer_ids: z
    .string({ error: 'invalid' })
    .regex(/^\d{1,12}(,\d{1,12})*$/, 'invalid')
    // Each one an id (1 … 2^31 − 1): PostgreSQL raises on a bigger integer instead of finding none.
    .refine((v) => v.split(',').every((id) => Number(id) >= 1 && Number(id) <= MAX_ID), 'invalid')
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .pipe(z.array(z.number()).max(OFFER_STATUSES_MAX, 'invalid')),
});
export const ZOfferStatuses = z.object({ offer_id: z.number().int(), statuses: z.array(ZStatus) });
export type TOfferStatuses = z.infer<typeof ZOfferStatuses>;

/** A refusal or withdrawal reason; a default one is shown through `config:status:motifs.{name}`. */
export const ZMotif = z.object({
  id: z.number().int(),
  name: z.string(),
  default_motif: z.boolean(),
  /** The status it explains (null: any status that needs a motif), issue 17. */
  status_id: z.number().int().nullable().optional(),
});
export type TMotif = z.infer<typeof ZMotif>;

/**
 * `GET /projects/{project_id}/offers/{offer_id}/applications` filters (spec section 2
 * "Application/activity filters"), sent as `filter[name]=value`: `search` (name, e-mail, tags),
 * `scope_range` `yyyy-MM-dd,yyyy-MM-dd` on the application's creation day, `statuses`, `motifs`,
 * `job_boards` and `tests` as comma-joined ids. `order` (or `sort`) is one of APPLICATION_SORTS,
 * `-` for descending, default `-created_at`. Without `page` the whole list comes as an array.
 */
export const APPLICATION_FILTERS = [
  'search',
  'scope_range',
  'statuses',
  'motifs',
  'job_boards',
  'tests',
] as const;
export const APPLICATION_SORTS = ['created_at', 'updated_at', 'lastname', 'status_id'] as const;

/**
 * Treatment lists (spec section 2 "Treatment lists"): `search`, `statuses`, `works` (offer job
 * positions, text), `scope_range`, `subsidiaries`, `tests`, `offers` (ids), `jobboards`, plus
 * `sort` and `page`. Without a `statuses` filter only applications to treat (status new) show.
 */
export const TREATMENT_FILTERS = [
  'search',
  'statuses',
  'works',
  'scope_range',
  'subsidiaries',
  'tests',
  'offers',
  'jobboards',
] as const;

export const ZApplicationTest = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  score: z.number().int().nullable(),
  sent_at: z.string(),
  completed_at: z.string().nullable(),
});

/** Spec section 3 "Application", with the applicant's card fields for lists and the board. */
export const ZApplicationItem = z.object({
  id: z.number().int(),
  application_id: z.number().int(),
  applicant_id: z.number().int(),
  idApplicant: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  img_src: z.string().nullable(),
  tags: z.array(z.string()),
  has_cv: z.boolean(),
  offer_id: z.number().int().nullable(),
  project_id: z.number().int().nullable(),
  job_position: z.string().nullable(),
  spontaneous: z.boolean(),
  /**
   * The offer's project application settings enable documents (spontaneous: true). Spec 5: the
   * web fetches the application's motivation only when it is on.
   */
  documents_enabled: z.boolean(),
  status: z.object({ id: z.number().int(), name: z.string(), default_status: z.boolean() }),
  statutApplicant: z.number().int(),
  motif_id: z.number().int().nullable(),
  motif_name: z.string().nullable(),
  recruited_at: z.string().nullable(),
  idjobboard_provenance: z.number().int().nullable(),
  /** The applicant's provenance (`PROVENANCES`): a manual entry shows as such rather than as an unknown source. */
  provenance_id: z.number().int().nullable().optional(),
  jobboard: z.string().nullable(),
  urlLogoJobBoard: z.string().nullable(),
  tests_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * In an offer's list and board: the values of the application's and the applicant's fields
   * marked `show_in_list` (not archived), `{ "<field id>": value }` (contracts/custom-fields.ts).
   */
  custom_fields: ZCustomFieldValues.optional(),
});
export type TApplicationItem = z.infer<typeof ZApplicationItem>;

/**
 * A page of applications. An offer's list also answers `next_cursor` (issue 42, docs/lists.md):
 * passed back as `cursor`, the next page starts after this page's last row whatever moved
 * meanwhile (an offset would skip or repeat moved cards); null when there is no more row.
 */
export const ZApplicationPage = zPaged(ZApplicationItem).extend({
  next_cursor: z.string().nullable().optional(),
});
export type TApplicationPage = z.infer<typeof ZApplicationPage>;
export const ZApplicationList = z.union([ZApplicationPage, z.array(ZApplicationItem)]);

/** `GET /applications/{id}`: the item with its applicant. */
export const ZApplicationDetail = ZApplicationItem.extend({ applicant: ZApplicant });
export type TApplicationDetail = z.infer<typeof ZApplicationDetail>;

/** Kanban column counts: every workflow status with its count under the same filters. */
export const ZApplicationCounts = z.object({
  total: z.number().int(),
  statuses: z.array(ZStatus.extend({ count: z.number().int() })),
});

export const ZStatusChangeRequest = z.object({
  status_id: ZId,
  application_id: ZId,
  motif_id: ZId.nullable().optional(),
  project_id: z.unknown().optional(),
  offer_id: z.unknown().optional(),
});
export type TStatusChangeRequest = z.infer<typeof ZStatusChangeRequest>;

export const ZBulkStatusRequest = z.union([
  z
    .array(ZStatusChangeRequest.pick({ application_id: true, status_id: true, motif_id: true }))
    .min(1)
    .max(1000, 'invalid'),
  z.object({
    applications: z
      .array(ZStatusChangeRequest.pick({ application_id: true, status_id: true, motif_id: true }))
      .min(1)
      .max(1000, 'invalid'),
  }),
]);

/** Each id changed, or failed with a reason: `not_found`, `motif_required`, `invalid_status`, `invalid_motif`. */
export const ZBulkStatusResult = z.object({
  changed: z.array(z.number().int()),
  failed: z.array(z.object({ id: z.number().int(), reason: z.string() })),
});
export type TBulkStatusResult = z.infer<typeof ZBulkStatusResult>;

/** Offers with applications to treat, for the treatment screen's offer column. */
export const ZTreatmentOffer = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  job_position: z.string(),
  to_treat: z.number().int(),
});
export type TTreatmentOffer = z.infer<typeof ZTreatmentOffer>;

/**
 * `GET /treatment/applications/offers`, in job-position order: with `page` (and `per_page`) one
 * page `{ data, … }`, without it every offer as an array (a company can have tens of thousands:
 * the web app always pages). `search` keeps those whose job position contains it,
 * `offers` (comma-joined ids) those offers only.
 */
export const ZTreatmentOfferPage = zPaged(ZTreatmentOffer);
export type TTreatmentOfferPage = z.infer<typeof ZTreatmentOfferPage>;
export const ZTreatmentOfferList = z.union([ZTreatmentOfferPage, z.array(ZTreatmentOffer)]);

/**
 * `PUT /projects/{id}/offers/{offer_id}/applications/duplicate`: the applicants (`applicants_ids`,
 * the application's own with `application_id`) get an application on `job_offer_id`, answered with
 * `{ created, skipped }`. Or, instead of those two, "all that match" of a sourcing search or a
 * recruitment list (`selection`, contracts/applicant-selection.ts; issue 42 part 2): answered with
 * its operation (ZBulkOperation) — 200 done during the request up to BULK_INLINE_MAX, else 202
 * queued for the job, read back with `GET /applications/duplicate-operations/{id}`; its `count`
 * toward APPLICANT_BULK_MAX (422 `selection: max_items:10000`), 409 `selection_changed` when the
 * set no longer holds it. Skipped reasons: `already_applied`, `not_found`.
 */
export const ZDuplicateRequest = z
  .object({
    application_id: ZId.nullable().optional(),
    job_offer_id: ZId,
    applicants_ids: z.array(ZId).max(1000, 'invalid').default([]),
    keep_statuses: z.boolean().default(false),
    selection: ZApplicantSelection.optional(),
  })
  .refine(
    (v) => v.selection === undefined || (v.applicants_ids.length === 0 && !v.application_id),
    { message: 'invalid', path: ['applicants_ids'] },
  )
  .refine((v) => (v.selection?.all.count ?? 0) <= APPLICANT_BULK_MAX, {
    message: `max_items:${APPLICANT_BULK_MAX}`,
    path: ['selection'],
  });
export type TDuplicateRequest = z.infer<typeof ZDuplicateRequest>;
export const ZDuplicateResult = z.object({
  created: z.array(z.object({ applicant_id: z.number().int(), application_id: z.number().int() })),
  /** Applicants already on the target offer. */
  skipped: z.array(z.number().int()),
});

/** Application of the applicant, for `/applicants/{id}/applications-overview`. */
export const ZApplicationOverview = ZApplicationItem.pick({
  id: true,
  offer_id: true,
  project_id: true,
  job_position: true,
  spontaneous: true,
  documents_enabled: true,
  status: true,
  motif_id: true,
  motif_name: true,
  recruited_at: true,
  jobboard: true,
  created_at: true,
}).extend({
  /** The answers and consent of an application sent from the career site, else null. */
  career_site: ZCareerSiteAnswers.nullable(),
});
export type TApplicationOverview = z.infer<typeof ZApplicationOverview>;

export const ZMotivation = z.object({ motivation: z.string().nullable() });

/** A stored AI summary; `source` local means the built-in offline summariser wrote it. */
export const ZSummary = z.object({
  subject_type: z.enum(['application', 'applicant']),
  subject_id: z.number().int(),
  text: z.string(),
  source: z.enum(['local', 'http']),
  model: z.string().nullable(),
  /** The language it is written in (one summary per language). */
  language: z.enum(LANGUAGES),
  created_at: z.string(),
});
export type TSummary = z.infer<typeof ZSummary>;

/** `POST /applicants/manual` (and the offer variant, and the update) answers this. */
export const ZManualResult = z.object({
  applicant: ZApplicant,
  application: ZApplicationItem.nullable(),
  /** The e-mail was already known in the company: the application joined that applicant. */
  existing_applicant: z.boolean(),
});
