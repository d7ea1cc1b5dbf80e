/**
 * Career-site settings (issue 37 part 1; spec 2 config `career-site`, permission
 * `config.settings_sc`). Every path is under `/api`; the company is the session's (or the one acted
 * as), so another company's settings are never reachable. 403 without the permission.
 *
 *   GET /api/config/career-site → ZCareerSite (defaults when never saved: the company's slug and
 *       default language, the product's colours, no cover, no texts, talent community closed).
 *   PUT /api/config/career-site ZCareerSiteForm → ZCareerSite (every field replaced). 422 codes:
 *       - `slug`: field_required | min_length:2 | max_length:60 | slug_format (lowercase letters,
 *         digits and single hyphens, no hyphen first or last) | not_unique (another company's
 *         current slug, or one it used before: an old address never changes owner);
 *       - `primary_color`, `accent_color`: invalid_color (not `#rrggbb`) | low_contrast (white
 *         text on it, or it as text on white, is under 4.5:1, WCAG AA);
 *       - `cover_image_id`: invalid (not an image of the company's bank);
 *       - `languages`: field_required (none) | invalid; `offer_fields`: invalid;
 *       - `introductions.{lng}`: max_length:2000;
 *       - `privacy_notices.{lng}`: field_required (every offered language needs one: candidates
 *         consent to it) | max_length:20000.
 *
 * The slug is the company's own (`companies.slug`): `/api/me`'s `career_site_url` follows it. A
 * slug given up is kept as an old slug of the company (`previous_slugs`): the public site redirects
 * it to the current one, and no other company may take it.
 *
 * Privacy notices are versioned per language: a saved text that differs from the language's latest
 * version becomes a new version (1, 2, …); older versions are kept, since applications and
 * community members store the version they consented to. An unchanged text makes no version.
 *
 * The logo is the company's own (config `account-infos/admin-infos`, `config.account`), never a
 * copy: `show_logo` only says whether the site shows it. The cover is an image of the bank
 * (config `joboffers/image-bank`); deleting it from the bank is refused while the site shows it.
 *
 * Changes are audited (`career_site.updated`: the fields changed, the new notice versions).
 */
import { z } from 'zod';
import { LANGUAGES, type Language } from './constants.ts';
import { requiredOr } from './errors.ts';
import { CUSTOM_FIELD_TYPES, ZCustomFieldValue } from './custom-fields.ts';
import { ZId } from './ids.ts';

export const CAREER_SLUG_MIN = 2;
export const CAREER_SLUG_MAX = 60;
export const CAREER_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CAREER_INTRO_MAX = 2000;
export const CAREER_PRIVACY_MAX = 20_000;
/** WCAG AA for normal text. */
export const CAREER_MIN_CONTRAST = 4.5;
export const CAREER_DEFAULT_COLORS = { primary: '#1d4ed8', accent: '#b45309' } as const;

/** The offer fields the site may show besides the title and the description (always shown). */
export const CAREER_OFFER_FIELDS = [
  'contract_type',
  'location',
  'remote',
  'department',
  'subsidiary',
  'salary',
  'closing_date',
  'reference',
  'image',
] as const;
export type CareerOfferField = (typeof CAREER_OFFER_FIELDS)[number];
export const CAREER_DEFAULT_OFFER_FIELDS: CareerOfferField[] = [
  'contract_type',
  'location',
  'remote',
  'department',
  'image',
];

/** A slug proposal from a company name: "Groupe Valmont & Fils" → "groupe-valmont-fils". */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CAREER_SLUG_MAX)
    .replace(/-+$/g, '');
}

const HEX = /^#[0-9a-f]{6}$/;

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio (1 to 21) of two `#rrggbb` colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a.toLowerCase()), luminance(b.toLowerCase())].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/**
 * The site writes white text on the primary colour (header, buttons) and the accent colour as
 * text on white (links, labels): both need CAREER_MIN_CONTRAST against white.
 */
export function readableOnWhite(color: string): boolean {
  return HEX.test(color.toLowerCase()) && contrastRatio(color, '#ffffff') >= CAREER_MIN_CONTRAST;
}

const color = z
  .string({ error: 'field_required' })
  .trim()
  .toLowerCase()
  .regex(HEX, { message: 'invalid_color', abort: true })
  .refine(readableOnWhite, 'low_contrast');

const perLanguage = <T extends z.ZodType>(schema: T) =>
  z.object(
    Object.fromEntries(LANGUAGES.map((lng) => [lng, schema.optional()])) as Record<
      Language,
      z.ZodOptional<T>
    >,
    { error: 'invalid' },
  );

const text = (max: number) =>
  z
    .string({ error: 'invalid' })
    .max(max, `max_length:${max}`)
    .transform((v) => v.trim());

export const ZCareerSiteForm = z
  .object({
    slug: z
      .string({ error: 'field_required' })
      .trim()
      .toLowerCase()
      .min(1, { message: 'field_required', abort: true })
      .min(CAREER_SLUG_MIN, { message: `min_length:${CAREER_SLUG_MIN}`, abort: true })
      .max(CAREER_SLUG_MAX, { message: `max_length:${CAREER_SLUG_MAX}`, abort: true })
      .regex(CAREER_SLUG_PATTERN, 'slug_format'),
    show_logo: z.boolean({ error: 'invalid' }),
    primary_color: color,
    accent_color: color,
    cover_image_id: ZId.nullable(),
    languages: z
      .array(z.enum(LANGUAGES, { error: requiredOr() }), { error: 'field_required' })
      .min(1, 'field_required')
      .max(LANGUAGES.length, 'invalid')
      .refine((l) => new Set(l).size === l.length, 'invalid'),
    introductions: perLanguage(text(CAREER_INTRO_MAX)),
    offer_fields: z
      .array(z.enum(CAREER_OFFER_FIELDS, { error: 'invalid' }), { error: 'invalid' })
      .max(CAREER_OFFER_FIELDS.length, 'invalid')
      .transform((f) => [...new Set(f)]),
    privacy_notices: perLanguage(text(CAREER_PRIVACY_MAX)),
    talent_community: z.boolean({ error: 'invalid' }),
  })
  .superRefine((v, ctx) => {
    for (const lng of v.languages)
      if (!v.privacy_notices[lng])
        ctx.addIssue({ code: 'custom', message: 'field_required', path: ['privacy_notices', lng] });
  });
export type TCareerSiteFormInput = z.input<typeof ZCareerSiteForm>;
export type TCareerSiteForm = z.output<typeof ZCareerSiteForm>;

/** One language's latest privacy notice. */
export const ZPrivacyNotice = z.object({
  text: z.string(),
  version: z.number().int(),
  created_at: z.string(),
});
export type TPrivacyNotice = z.infer<typeof ZPrivacyNotice>;

export const ZCareerSiteImage = z.object({
  id: z.number().int(),
  filename: z.string(),
  thumbnail_url: z.string(),
});

export const ZCareerSite = z.object({
  slug: z.string(),
  /** The public address (CAREER_SITE_URL with the slug), as the header's link. */
  url: z.string(),
  /** Slugs the company used before: the public site redirects them to the current one. */
  previous_slugs: z.array(z.string()),
  /** The company's logo (`/api/company/logo?v=…`), null when it has none. */
  logo_src: z.string().nullable(),
  show_logo: z.boolean(),
  primary_color: z.string(),
  accent_color: z.string(),
  cover_image_id: z.number().int().nullable(),
  cover_image: ZCareerSiteImage.nullable(),
  languages: z.array(z.enum(LANGUAGES)),
  introductions: z.object(
    Object.fromEntries(LANGUAGES.map((lng) => [lng, z.string()])) as Record<Language, z.ZodString>,
  ),
  offer_fields: z.array(z.enum(CAREER_OFFER_FIELDS)),
  /** Each language's latest version, null when none was ever saved. */
  privacy_notices: z.object(
    Object.fromEntries(LANGUAGES.map((lng) => [lng, ZPrivacyNotice.nullable()])) as Record<
      Language,
      z.ZodNullable<typeof ZPrivacyNotice>
    >,
  ),
  talent_community: z.boolean(),
  /** Null until the settings are first saved. */
  updated_at: z.string().nullable(),
});
export type TCareerSite = z.infer<typeof ZCareerSite>;

/** One answer to a custom field that the apply form asked, with the field as it was then. */
export const ZCareerSiteCustomAnswer = z.object({
  id: z.number().int(),
  label: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  value: ZCustomFieldValue,
});
export type TCareerSiteCustomAnswer = z.infer<typeof ZCareerSiteCustomAnswer>;

/**
 * What an application sent from the career site's form carries beside the applicant's columns
 * (docs/career-site.md "Consent"), on `GET /applicants/{id}/applications-overview` as
 * `career_site` (null for an application that did not come from the site): the path's answers
 * the applicant has no column for (null when not asked or left empty) and the consent given. The
 * client address is kept as proof and never sent to recruiters.
 */
export const ZCareerSiteAnswers = z.object({
  address: z.string().nullable(),
  /** `yyyy-MM-dd`. */
  birth_date: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  /**
   * The custom fields the form asked (`ask_candidates`) and their answers as sent, with the
   * field's label and type at that time (a field renamed or deleted since still reads as asked).
   * The answers are also the fields' values, except an applicant field that already held one.
   */
  custom_fields: z.array(ZCareerSiteCustomAnswer),
  /** The privacy notice the applicant consented to: its language and version. */
  notice_language: z.string(),
  notice_version: z.number().int(),
  consented_at: z.string(),
});
export type TCareerSiteAnswers = z.infer<typeof ZCareerSiteAnswers>;
