import { z } from 'zod';
import { ZBulkOperation, ZRecipientSelection } from './application-selection.ts';
import { requiredOr } from './errors.ts';
import { zLink } from './links.ts';
import { ZId, ZIdParam } from './ids.ts';
import { zPaged } from './paging.ts';

/** Where an applicant comes from (`source.provenance_id`); the web translates `applicant:provenances.{name}`. */
export const PROVENANCES = {
  jobboard: 1,
  career_site: 2,
  manual: 3,
  referral: 4,
  spontaneous: 5,
  other: 6,
} as const;
export const PROVENANCE_IDS = Object.values(PROVENANCES);

/** File types accepted as a CV or a requested document (checked from the bytes, not the name). */
export const CV_MIMES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.text',
  'application/rtf',
  'text/plain',
  'image/jpeg',
  'image/png',
] as const;

/** A document-request link stays valid this long. */
export const DOCUMENT_REQUEST_DAYS = 14;

export const ZApplicantSource = z.object({
  provenance_id: z.number().int().nullable(),
  jobboard_id: z.number().int().nullable(),
  jobboard: z.string().nullable(),
  url_logo_jobboard: z.string().nullable(),
  url: z.string().nullable(),
});

export const ZApplicantCv = z.object({
  filename: z.string(),
  mime: z.string(),
  /** GET this (same session) for the file itself, served inline. */
  url: z.string(),
  /** Whether the text was extracted (search and summaries use it). */
  text_extracted: z.boolean(),
});

export const ZApplicantDocument = z.object({
  id: z.number().int(),
  document_type_id: z.number().int().nullable(),
  document_type: z.string().nullable(),
  filename: z.string(),
  mime: z.string(),
  size: z.number().int(),
  uploaded_at: z.string(),
  url: z.string(),
});
export type TApplicantDocument = z.infer<typeof ZApplicantDocument>;

export const ZVisio = z.object({
  url: z.string().nullable(),
  scheduled_at: z.string().nullable(),
  notes: z.string().nullable(),
});

/** Spec section 3 "Applicant". */
export const ZApplicant = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  img_src: z.string().nullable(),
  cv: ZApplicantCv.nullable(),
  tags: z.array(z.string()),
  source: ZApplicantSource,
  created_at: z.string(),
  updated_at: z.string(),
});
export type TApplicant = z.infer<typeof ZApplicant>;

/** `/applicants/{id}/detail` and `/full-profile`: the applicant with documents, motivation and visio. */
export const ZApplicantDetail = ZApplicant.extend({
  documents: z.array(ZApplicantDocument),
  motivation: z.string().nullable(),
  visio: ZVisio,
  applications_count: z.number().int(),
});
export type TApplicantDetail = z.infer<typeof ZApplicantDetail>;

export const ZApplicantSearchItem = ZApplicant.pick({
  id: true,
  firstname: true,
  lastname: true,
  email: true,
  phone: true,
  img_src: true,
  tags: true,
  created_at: true,
});
/**
 * `GET /applicants?search=&page=&per_page=`: every word of `search` as a prefix of a word of the
 * name, e-mail, tags or CV text (accents and case ignored), newest applicants first. Without
 * `search`, every applicant of the company, newest first.
 */
export const ZApplicantSearchPage = zPaged(ZApplicantSearchItem);

const tag = z.string().trim().min(1, 'field_required').max(50, 'max_length:50');
export const ZTagsRequest = z.object({
  tags: z.array(tag).max(50, 'max_length:50'),
});
export type TTagsRequest = z.infer<typeof ZTagsRequest>;

/** `PUT /applicants/source`: the provenance of one application, or of all the applicant's. */
export const ZSourceRequest = z.object({
  applicant_id: ZId,
  application_type: z.enum(['offer', 'spontaneous']).optional(),
  application_id: ZId.nullable().optional(),
  jobboard_provenance: ZId.nullable(),
  provenance_id: ZId.nullable().optional(),
  apply_all: z.boolean().default(false),
});
export type TSourceRequest = z.infer<typeof ZSourceRequest>;

/** Ask-documents list item (spec section 3): a document type and whether it was already asked. */
export const ZAskDocumentItem = z.object({
  id: z.number().int(),
  name: z.string(),
  default_type: z.boolean(),
  sended: z.boolean(),
  /** Uploaded by the applicant through the link. */
  received: z.boolean(),
});
export const ZAskDocumentsRequest = z.object({
  applicant_id: ZId,
  document_ids: z.array(ZId).min(1, 'field_required').max(100, 'invalid'),
});
export type TAskDocumentsRequest = z.infer<typeof ZAskDocumentsRequest>;

/** The public upload page: what is asked, by whom. */
export const ZDocumentUploadInfo = z.object({
  company: z.string(),
  firstname: z.string(),
  expires_at: z.string(),
  documents: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      default_type: z.boolean(),
      uploaded: z.boolean(),
    }),
  ),
});

/**
 * At most this many applicants' CVs in one bundle answered during the request (ids and a
 * selection's count together), and in any merged PDF.
 */
export const CV_BUNDLE_MAX = 500;

/**
 * A ZIP of a selection over CV_BUNDLE_MAX is built by a background job (docs/bulk-actions.md "The
 * CVs of all that match"), up to this many applications: the job's time (one storage read per CV,
 * under the job lock's 10 minutes on a bucket) and the file's size (a few GB at most) stay bounded.
 */
export const CV_BUNDLE_JOB_MAX = 10_000;

/** A job's ZIP is kept this many days after it is made, then deleted by a sweep. */
export const CV_BUNDLE_KEEP_DAYS = 7;

/** The bulk operation's kind of a CV bundle built by the job. */
export const CV_BUNDLE_KIND = 'applicants.cv_bundle';

/**
 * A CV bundle's job as its user reads it (`GET /applicants/bulk-operations/{id}`): the bulk
 * operation (`changed`: CVs put in the ZIP; `skipped.no_cv`: applicants without a CV or out of the
 * user's sight, `skipped.duplicate`: an applicant already in) and its file: `ready` (download it
 * at `GET /applicants/bulk-operations/{id}/file` until `expires_at`), `expired` (deleted), null
 * while the job runs or when it made none.
 */
export const ZCvBundleOperation = ZBulkOperation.extend({
  file: z
    .object({
      status: z.enum(['ready', 'expired']),
      size: z.number().int().nullable(),
      expires_at: z.string(),
    })
    .nullable(),
});
export type TCvBundleOperation = z.infer<typeof ZCvBundleOperation>;

/**
 * The web app's page of one CV bundle (its progress, then its file): the link of the notification
 * that tells its user the ZIP is ready or could not be prepared (slug `cv_bundle`).
 */
export const cvBundlePath = (id: number) => `/downloads/cv-bundles/${id}`;

/**
 * `POST /applicants/offer_cv`: the CVs of these applicants as one ZIP or one merged PDF. `ids`: the
 * applicants ticked; `selection`: every application a list's filters hold ("all that match",
 * contracts/application-selection.ts), their applicants' CVs — resolved on the server (404 for an
 * offer the user does not reach, 409 `selection_changed` with the current count). Up to
 * CV_BUNDLE_MAX with the ids: the file, during the request. More: a PDF is refused (422
 * `selection: max_items:500`); a ZIP answers 202 with a queued ZCvBundleOperation, up to
 * CV_BUNDLE_JOB_MAX (422 `selection: max_items:10000` over it). One of `ids` and `selection` is
 * needed (422 `ids: field_required`).
 */
export const ZOfferCvRequest = z
  .object({
    ids: z.array(ZId).max(CV_BUNDLE_MAX).default([]),
    selection: ZRecipientSelection.optional(),
    type: z.enum(['zip', 'pdf'], { error: requiredOr() }),
  })
  .superRefine((body, ctx) => {
    if (!body.ids.length && !body.selection)
      ctx.addIssue({ code: 'custom', path: ['ids'], message: 'field_required' });
  });
export type TOfferCvRequest = z.input<typeof ZOfferCvRequest>;

const text = (max: number) => z.string().trim().max(max, `max_length:${max}`);
const optionalText = (max: number) =>
  z.preprocess((v) => (v === '' ? null : v), text(max).nullable().optional());

/**
 * Spec section 3 "Manual applicant payload", as multipart fields: `cv` (file), `job_offer_id`,
 * `project_id`, the identity fields, `tags[]` (repeated), `source` and `visio` as JSON text.
 * On the offer route the offer comes from the path; without an offer the application is spontaneous.
 */
export const ZManualApplicant = z.object({
  firstname: text(100).min(1, 'field_required'),
  lastname: text(100).min(1, 'field_required'),
  email: z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.email('invalid_email').max(255, 'max_length:255').nullable().optional(),
  ),
  phone: optionalText(30),
  motivation: optionalText(10000),
  job_offer_id: ZIdParam.optional(),
  project_id: ZIdParam.optional(),
  status_id: ZIdParam.optional(),
  tags: z.array(tag).max(50, 'max_length:50').optional(),
  source: z
    .object({
      provenance_id: ZId.nullable().optional(),
      jobboard_id: ZId.nullable().optional(),
      url: zLink().nullable().optional(),
    })
    .optional(),
  visio: z
    .object({
      url: zLink().nullable().optional(),
      scheduled_at: z.iso.datetime({ offset: true }).nullable().optional(),
      notes: z.string().max(5000, 'max_length:5000').nullable().optional(),
    })
    .optional(),
});
export type TManualApplicant = z.infer<typeof ZManualApplicant>;
