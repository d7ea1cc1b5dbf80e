/**
 * Job-offer settings (issue 17 item 5; spec 2 config `joboffers/templates`, `joboffers/image-bank`,
 * `joboffers/application-path`). Every path is under `/api`; another company's object answers 404.
 *
 * Templates (`config.templates`):
 *   GET    /api/offer-templates?page&per_page&filter[search] → ZOfferTemplatePage, by name (ties on id).
 *          `filter[search]`: part of the name (case-insensitive).
 *   POST   /api/offer-templates ZOfferTemplateForm → 201 ZOfferTemplate
 *   GET    /api/offer-templates/{id} → ZOfferTemplate
 *   PUT    /api/offer-templates/{id} ZOfferTemplateForm → ZOfferTemplate (every field replaced)
 *   DELETE /api/offer-templates/{id} → 204 (offers made from it keep their values)
 *   GET    /api/offer-templates/choices?filter[search] (`project_job_offer.create`) → ZOfferTemplateChoices:
 *          the new-offer dialog's picker, at most OFFER_TEMPLATE_CHOICES_MAX by name, with their fields.
 *   422: `name`: field_required | max_length:255 | not_unique (within the company, ignoring case and
 *   surrounding spaces); the offer fields answer the codes of the offer form (contracts/offers.ts).
 *   The description is rich text, cleaned by the server's allow-list like an offer's.
 *
 * Image bank (`config.images_bank`):
 *   GET    /api/offer-images?page&per_page → ZOfferImagePage, newest first, each with `offer_count`.
 *   POST   /api/offer-images multipart `file` → 201 ZOfferImage. The type is read from the bytes
 *          (PNG, JPEG, WebP, GIF; else 422 `file: file_type`), at most OFFER_IMAGE_MAX_MB (else 413
 *          `file: file_too_large:5`), at most OFFER_IMAGE_MAX_PIXELS pixels and decodable (else 422
 *          `file: file_unreadable`); no file: 422 `file: field_required`. A thumbnail at most
 *          OFFER_IMAGE_THUMB_SIZE px on its longer side is made off the request thread.
 *   DELETE /api/offer-images/{id} → 204; an image that offers use is kept: 409 `image_in_use` with
 *          `errors.offers: ['image_in_use:{count}']` (pick another image on those offers first); the
 *          career site's cover likewise: 409 `image_in_use` with `errors.career_site: ['image_is_cover']`.
 *   GET    /api/offer-images/choices?page&per_page (any user of the company) → ZOfferImagePage: the
 *          offer form's picker.
 *   GET    /api/offer-images/{id}/file and /api/offer-images/{id}/thumbnail (any user of the company):
 *          the bytes, `cache-control: private`; another company's image is 404.
 *   An offer names its image with `image_id` (contracts/offers.ts); 422 `image_id: invalid` for an
 *   image not in the company's bank.
 *
 * Default application path (`config.default_application_path`):
 *   GET    /api/application-path → ZApplicationPath (defaults when never saved)
 *   PUT    /api/application-path ZApplicationPathForm → ZApplicationPath. 422 `fields.{name}: invalid`,
 *          `document_type_ids: invalid` (a type neither global nor the company's).
 *   GET    /api/application-path/form (any user of the company) → ZApplicationPath: what the manual
 *          applicant form reads to mark its required fields, and what the career site's application
 *          form will read (the public flows check it when they create applications).
 *   The manual applicant creation (`POST /api/projects/{p}/offers/{o}/manual`, `POST /api/applicants/manual`)
 *   follows the path for the fields it has (MANUAL_PATH_FIELDS): a `required` one left empty answers
 *   422 `{field}: field_required` (the motivation only where the offer's project takes documents);
 *   a `hidden` one is not shown by the web form, and kept if sent anyway. First and last names stay
 *   required whatever the path says; the e-mail stays optional (a recruiter may not have it). The
 *   CV and the required document types are asked of applicants, not of the recruiter: the form
 *   says the path asks for a CV but does not demand it.
 */
import { z } from 'zod';
import { ZId } from './ids.ts';
import { CONTRACT_TYPES, REMOTE_OPTIONS } from './offers.ts';
import { ZPageQuery, zPaged } from './paging.ts';

export const OFFER_TEMPLATE_NAME_MAX = 255;
export const OFFER_TEMPLATE_CHOICES_MAX = 100;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const search = z.preprocess(
  emptyToUndefined,
  z.string().trim().max(255, 'max_length:255').optional(),
);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `max_length:${max}`)
    .nullable()
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v));
const salary = z
  .number()
  .min(0, { message: 'min_value:0', abort: true })
  .max(10_000_000, { message: 'max_value:10000000', abort: true })
  .int('invalid')
  .nullable()
  .optional()
  .transform((v) => v ?? null);

/** A template: its name and the new-offer fields it pre-fills (each optional). */
export const ZOfferTemplateForm = z
  .object({
    name: z
      .string({ error: 'field_required' })
      .trim()
      .min(1, 'field_required')
      .max(OFFER_TEMPLATE_NAME_MAX, `max_length:${OFFER_TEMPLATE_NAME_MAX}`),
    job_position: optionalText(255),
    contract_type: z
      .enum(CONTRACT_TYPES, { message: 'invalid' })
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    location: optionalText(255),
    department: optionalText(100),
    remote: z.enum(REMOTE_OPTIONS, { message: 'invalid' }).default('none'),
    salary_min: salary,
    salary_max: salary,
    /** Rich text (HTML); the server keeps an allow-list of tags and drops the rest. */
    description: z
      .string()
      .max(100_000, 'max_length:100000')
      .nullable()
      .optional()
      .transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => {
    if (v.salary_min != null && v.salary_max != null && v.salary_max < v.salary_min)
      ctx.addIssue({ code: 'custom', message: 'invalid', path: ['salary_max'] });
  });
export type TOfferTemplateFormInput = z.input<typeof ZOfferTemplateForm>;
export type TOfferTemplateFormValues = z.output<typeof ZOfferTemplateForm>;

export const ZOfferTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  job_position: z.string().nullable(),
  contract_type: z.enum(CONTRACT_TYPES).nullable(),
  location: z.string().nullable(),
  department: z.string().nullable(),
  remote: z.enum(REMOTE_OPTIONS),
  salary_min: z.number().int().nullable(),
  salary_max: z.number().int().nullable(),
  description: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TOfferTemplate = z.infer<typeof ZOfferTemplate>;

export const ZOfferTemplatePage = zPaged(ZOfferTemplate);
export type TOfferTemplatePage = z.infer<typeof ZOfferTemplatePage>;

export const ZOfferTemplateListQuery = ZPageQuery.extend({ 'filter[search]': search });
export type TOfferTemplateListQuery = z.input<typeof ZOfferTemplateListQuery>;
export type TOfferTemplateListFilters = z.output<typeof ZOfferTemplateListQuery>;

export const ZOfferTemplateChoicesQuery = z.object({ 'filter[search]': search });
export const ZOfferTemplateChoices = z.object({ data: z.array(ZOfferTemplate) });
export type TOfferTemplateChoices = z.infer<typeof ZOfferTemplateChoices>;

/** Image bank limits. */
export const OFFER_IMAGE_MAX_MB = 5;
export const OFFER_IMAGE_MAX_BYTES = OFFER_IMAGE_MAX_MB * 1024 * 1024;
/** Bigger images (decompression bombs) are refused before they are decoded. */
export const OFFER_IMAGE_MAX_PIXELS = 40_000_000;
export const OFFER_IMAGE_THUMB_SIZE = 320;
export const OFFER_IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export const ZOfferImage = z.object({
  id: z.number().int(),
  filename: z.string(),
  mime: z.enum(OFFER_IMAGE_MIMES),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  thumb_width: z.number().int(),
  thumb_height: z.number().int(),
  /** `/api/offer-images/{id}/file` */
  url: z.string(),
  /** `/api/offer-images/{id}/thumbnail` */
  thumbnail_url: z.string(),
  /** How many of the company's offers show it. */
  offer_count: z.number().int(),
  created_at: z.string(),
});
export type TOfferImage = z.infer<typeof ZOfferImage>;

export const ZOfferImagePage = zPaged(ZOfferImage);
export type TOfferImagePage = z.infer<typeof ZOfferImagePage>;

export const ZOfferImageListQuery = ZPageQuery;
export type TOfferImageListQuery = z.input<typeof ZOfferImageListQuery>;
export type TOfferImageListFilters = z.output<typeof ZOfferImageListQuery>;

/** The applicant fields an application form may ask; `email`, first and last names are always required. */
export const APPLICATION_FIELDS = [
  'phone',
  'address',
  'birth_date',
  'cover_letter',
  'linkedin_url',
  'cv',
] as const;
export type ApplicationField = (typeof APPLICATION_FIELDS)[number];

export const APPLICATION_FIELD_MODES = ['hidden', 'optional', 'required'] as const;
export type ApplicationFieldMode = (typeof APPLICATION_FIELD_MODES)[number];

/** The path's fields that the manual applicant form has, and its field (contracts/applicants.ts ZManualApplicant). */
export const MANUAL_PATH_FIELDS = { phone: 'phone', cover_letter: 'motivation' } as const;
export type ManualPathField = keyof typeof MANUAL_PATH_FIELDS;

/** What a company that never saved its application path gets. */
export const DEFAULT_APPLICATION_FIELDS: Record<ApplicationField, ApplicationFieldMode> = {
  phone: 'optional',
  address: 'hidden',
  birth_date: 'hidden',
  cover_letter: 'optional',
  linkedin_url: 'optional',
  cv: 'required',
};

const mode = z.enum(APPLICATION_FIELD_MODES, { message: 'invalid' });

export const ZApplicationPathForm = z.object({
  fields: z.object(
    Object.fromEntries(APPLICATION_FIELDS.map((f) => [f, mode])) as Record<
      ApplicationField,
      typeof mode
    >,
    { error: 'field_required' },
  ),
  document_type_ids: z.array(ZId, { error: 'invalid' }).max(100, 'max_items:100'),
});
export type TApplicationPathForm = z.infer<typeof ZApplicationPathForm>;

export const ZDocumentTypeChoice = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Global types are shown translated (`applicant:document_types.{name}`). */
  default_type: z.boolean(),
});
export type TDocumentTypeChoice = z.infer<typeof ZDocumentTypeChoice>;

export const ZApplicationPath = ZApplicationPathForm.extend({
  /** Every document type the company may require (global ones and its own). */
  document_types: z.array(ZDocumentTypeChoice),
  updated_at: z.string().nullable(),
});
export type TApplicationPath = z.infer<typeof ZApplicationPath>;
