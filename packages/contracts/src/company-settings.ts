/**
 * Company settings (issue 17; spec 2 config `account-infos/*` and `joboffers/*`; the calls are
 * "not shown" in the spec, designed here). Every path is under `/api`; the company is the
 * session's (or the one acted as). 403 without the permission named.
 *
 * Identity, `config.account`:
 *   GET    /api/config/account-infos/admin-infos          → ZCompanyIdentity
 *   PUT    /api/config/account-infos/admin-infos          ZCompanyIdentityForm → ZCompanyIdentity
 *   POST   /api/config/account-infos/admin-infos/logo     multipart `logo` (PNG, JPEG or WebP by
 *          content, at most LOGO_MAX_MB) → ZCompanyIdentity; 422 `logo: field_required | file_type
 *          | file_too_large:2`
 *   DELETE /api/config/account-infos/admin-infos/logo     → 204
 *   GET    /api/company/logo                              any signed-in user of the company: the
 *          image (404 when there is none). `logo_src` carries a version so a new logo is fetched.
 *   `/api/me` reads the same row: `company_name`, `company_country`, `organisation_type`,
 *   `support_url` change with this page.
 *
 * Plan, `config.account`:
 *   GET    /api/config/account-infos/subscription         → ZSubscription (`editable` tells the
 *          page whether the real person behind the session is a super administrator)
 *   PUT    /api/config/account-infos/subscription         ZSubscriptionForm → ZSubscription; only
 *          a super administrator (acting as the company or not): 403 for everybody else.
 *
 * Company description, `config.company_description`:
 *   GET/PUT /api/config/joboffers/company-description     ZCompanyDescription. Rich text,
 *          sanitised on the server (the offers' allow-list). Every offer's detail carries it as
 *          `company_description`, and the offer page shows it as an "About the company" section
 *          under the offer's own description: written once, the same on every offer.
 *
 * Offer parameters, `config.offer_parameters` AND the NonDiscrimination feature (403 without it):
 *   GET/PUT /api/config/joboffers/offer-parameters        ZOfferParameters. While the feature is
 *          on, creating or updating an offer checks its wording: with `require_gender_mention`
 *          the job title must carry a gender-neutral mention (GENDER_MENTION, e.g. "H/F", "F/H",
 *          "(h/f/x)"), else 422 `job_position: gender_mention_required`; a forbidden word in the
 *          title or the description (whole word, ignoring case and accents) gives 422
 *          `<field>: forbidden_word`. `mandatory_mentions` is shown on every offer (its detail
 *          carries it as `mandatory_mentions`).
 *
 * Offer export, `config.export_job_offers`:
 *   POST   /api/config/joboffers/export   ZOfferExportRequest → 202 ZOfferExportJob: a background
 *          job writes every offer of the company (archived ones too) with the chosen columns, in
 *          the chosen language.
 *   GET    /api/config/joboffers/export   → { data: ZOfferExportJob[] } the company's 20 latest.
 *   GET    /api/config/joboffers/export/{id}          → ZOfferExportJob (the page polls it).
 *   GET    /api/config/joboffers/export/{id}/download → the file once `status` is `done`
 *          (409 before), 404 for another company's.
 *   Scheduled (daily, weekly, monthly) exports: contracts/offer-export-schedules.ts; their exports
 *   are listed here too.
 */
import { z } from 'zod';
import { FEATURES, LANGUAGES, ORGANISATION_TYPES } from './constants.ts';
import { requiredOr } from './errors.ts';
import { OFFER_EXPORT_COLUMNS } from './export-labels.ts';
import { ZId } from './ids.ts';
import { isSafeLink } from './links.ts';

export const SOCIAL_REASON_MAX = 255;
export const SUPPORT_URL_MAX = 2048;
export const LOGO_MAX_MB = 2;
export const LOGO_MAX_BYTES = LOGO_MAX_MB * 1024 * 1024;
export const LOGO_MIMES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const ORGANISATION_TYPE_VALUES = Object.values(ORGANISATION_TYPES);

/** An IANA time zone this runtime knows (`Europe/Paris`), as Intl spells it. */
export function canonicalTimeZone(value: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

export const ZCompanyIdentity = z.object({
  social_reason: z.string(),
  /** The logo's address (`/api/company/logo?v=…`), null without one. */
  logo_src: z.string().nullable(),
  /** ISO 3166-1 alpha-2 (`FR`). */
  country: z.string(),
  organisation_type: z.number().int(),
  support_url: z.string().nullable(),
  default_language: z.enum(LANGUAGES),
  time_zone: z.string(),
});
export type TCompanyIdentity = z.infer<typeof ZCompanyIdentity>;

/** The admin-infos form: the web validates with this schema too. */
export const ZCompanyIdentityForm = z.object({
  social_reason: z
    .string({ error: 'field_required' })
    .trim()
    .min(1, 'field_required')
    .max(SOCIAL_REASON_MAX, `max_length:${SOCIAL_REASON_MAX}`),
  country: z
    .string({ error: 'field_required' })
    .trim()
    .min(1, 'field_required')
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, 'invalid')),
  organisation_type: z.union(
    ORGANISATION_TYPE_VALUES.map((v) => z.literal(v)),
    { error: requiredOr() },
  ),
  support_url: z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .max(SUPPORT_URL_MAX, `max_length:${SUPPORT_URL_MAX}`)
      .refine((v) => isSafeLink(v), 'invalid_url')
      .nullable()
      .default(null),
  ),
  default_language: z.enum(LANGUAGES, { error: requiredOr() }),
  time_zone: z
    .string({ error: 'field_required' })
    .trim()
    .min(1, 'field_required')
    .transform((v, ctx) => {
      const zone = canonicalTimeZone(v);
      if (zone) return zone;
      ctx.addIssue({ code: 'custom', message: 'invalid_time_zone' });
      return z.NEVER;
    }),
});
export type TCompanyIdentityFormInput = z.input<typeof ZCompanyIdentityForm>;
export type TCompanyIdentityForm = z.output<typeof ZCompanyIdentityForm>;

export const SEATS_MAX = 100_000;
const yyyyMMdd = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day, yyyy-MM-dd. */
export function isCalendarDay(v: string): boolean {
  if (!yyyyMMdd.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

export const ZSubscription = z.object({
  plan_name: z.string().nullable(),
  /** Active users of the company. */
  seats_used: z.number().int(),
  /** Null: no limit. */
  seats_allowed: z.number().int().nullable(),
  renewal_date: z.string().nullable(),
  features: z.array(z.enum(FEATURES)),
  /** Whether the real person is a super administrator, who alone may change the plan. */
  editable: z.boolean(),
});
export type TSubscription = z.infer<typeof ZSubscription>;

export const ZSubscriptionForm = z.object({
  plan_name: z.preprocess(
    emptyToNull,
    z.string().trim().max(100, 'max_length:100').nullable().default(null),
  ),
  seats_allowed: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .number({ error: 'invalid' })
      .int('invalid')
      .min(1, 'min_value:1')
      .max(SEATS_MAX, `max_value:${SEATS_MAX}`)
      .nullable()
      .default(null),
  ),
  renewal_date: z.preprocess(
    emptyToNull,
    z.string().refine(isCalendarDay, 'invalid').nullable().default(null),
  ),
  features: z
    .array(z.enum(FEATURES, { error: 'invalid' }))
    .max(FEATURES.length, `max_items:${FEATURES.length}`)
    .transform((v) => [...new Set(v)]),
});
export type TSubscriptionFormInput = z.input<typeof ZSubscriptionForm>;
export type TSubscriptionForm = z.output<typeof ZSubscriptionForm>;

export const COMPANY_DESCRIPTION_MAX = 20_000;
export const ZCompanyDescription = z.object({
  /** Rich text (HTML), null when empty. */
  description: z
    .string()
    .max(COMPANY_DESCRIPTION_MAX, `max_length:${COMPANY_DESCRIPTION_MAX}`)
    .nullable(),
});
export type TCompanyDescription = z.infer<typeof ZCompanyDescription>;

/** A gender-neutral mention in a job title: H/F, F/H, (h/f/x), M/F, F/M, H/F/X, (x/f/h)… */
export const GENDER_MENTION =
  /(^|[^\p{L}])(?:[hfmx]\s*\/\s*[hfmx](?:\s*\/\s*[hfmx])?)(?![\p{L}])/iu;
export const FORBIDDEN_WORDS_MAX = 100;
export const FORBIDDEN_WORD_MAX = 60;
export const MANDATORY_MENTIONS_MAX = 2000;

export const ZOfferParameters = z.object({
  require_gender_mention: z.boolean({ error: 'invalid' }),
  forbidden_words: z
    .array(
      z
        .string({ error: 'invalid' })
        .trim()
        .min(1, 'field_required')
        .max(FORBIDDEN_WORD_MAX, `max_length:${FORBIDDEN_WORD_MAX}`),
    )
    .max(FORBIDDEN_WORDS_MAX, `max_items:${FORBIDDEN_WORDS_MAX}`)
    .transform((v) => [...new Set(v)]),
  /** Plain text added to every offer. */
  mandatory_mentions: z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .max(MANDATORY_MENTIONS_MAX, `max_length:${MANDATORY_MENTIONS_MAX}`)
      .nullable()
      .default(null),
  ),
});
/** The parameters as the server answers them (no transforms: a response schema). */
export const ZOfferParametersView = z.object({
  require_gender_mention: z.boolean(),
  forbidden_words: z.array(z.string()),
  mandatory_mentions: z.string().nullable(),
});
export type TOfferParametersInput = z.input<typeof ZOfferParameters>;
export type TOfferParameters = z.output<typeof ZOfferParameters>;

/** Lowercase, without accents: how forbidden words are compared. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The first forbidden word that `text` holds as a whole word (HTML tags ignored), or null. */
export function forbiddenWordIn(text: string, words: readonly string[]): string | null {
  const folded = ` ${foldText(text.replace(/<[^>]*>/g, ' '))} `;
  for (const word of words) {
    const w = foldText(word.trim());
    if (!w) continue;
    const escaped = w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}(?=$|[^\\p{L}\\p{N}])`, 'u').test(folded))
      return word;
  }
  return null;
}

export const OFFER_EXPORT_FILE_FORMATS = ['csv', 'xlsx', 'json'] as const;
export type OfferExportFileFormat = (typeof OFFER_EXPORT_FILE_FORMATS)[number];
export const OFFER_EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export const ZOfferExportRequest = z.object({
  format: z.enum(OFFER_EXPORT_FILE_FORMATS, { error: requiredOr() }),
  columns: z
    .array(z.enum(OFFER_EXPORT_COLUMNS, { error: 'invalid' }))
    .min(1, 'field_required')
    .max(OFFER_EXPORT_COLUMNS.length, `max_items:${OFFER_EXPORT_COLUMNS.length}`)
    // Kept in the catalogue's order, each once.
    .transform((v) => OFFER_EXPORT_COLUMNS.filter((c) => v.includes(c))),
  language: z.enum(LANGUAGES, { error: requiredOr() }),
});
export type TOfferExportRequestInput = z.input<typeof ZOfferExportRequest>;
export type TOfferExportRequest = z.output<typeof ZOfferExportRequest>;

export const ZOfferExportJob = z.object({
  id: ZId,
  format: z.enum(OFFER_EXPORT_FILE_FORMATS),
  columns: z.array(z.enum(OFFER_EXPORT_COLUMNS)),
  language: z.enum(LANGUAGES),
  status: z.enum(OFFER_EXPORT_STATUSES),
  /** Offers written so far, out of `total` (null until the job starts). */
  progress: z.number().int(),
  total: z.number().int().nullable(),
  filename: z.string().nullable(),
  /** Set once `status` is `done`. */
  download_url: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TOfferExportJob = z.infer<typeof ZOfferExportJob>;

export const ZOfferExportList = z.object({ data: z.array(ZOfferExportJob) });
export type TOfferExportList = z.infer<typeof ZOfferExportList>;
