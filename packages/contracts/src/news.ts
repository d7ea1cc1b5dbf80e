/**
 * The news popup (issue 38 part 5; spec 2 config `superadmin-section/news-popup`, permission
 * `user.super_admin`; the `news` namespace; docs/news-popup.md). The product's staff write news
 * items, each with a title and a rich-text body per language, an audience and a period; every
 * user of a company in the audience sees the current item once, in a dialog after sign-in, until
 * they close it. Every path is under `/api`.
 *
 * The product's staff (`user.super_admin`: a super administrator acting as nobody; 403 for
 * everybody else, a company's administrators included):
 *   GET    /api/superadmin/news?page&per_page → ZNewsItemPage, the latest start first
 *   GET    /api/superadmin/news/countries     → string[]: the countries of the companies (ISO
 *          alpha-2, sorted), what the audience's country restriction chooses from
 *   GET    /api/superadmin/news/{id}          → ZNewsItem
 *   POST   /api/superadmin/news ZNewsItemInput → 201 ZNewsItem
 *   PUT    /api/superadmin/news/{id} ZNewsItemInput → ZNewsItem (its dismissals are kept: a user
 *          who closed the item does not see it again after a correction)
 *   DELETE /api/superadmin/news/{id}          → 204 (its dismissals go with it)
 *   Writes are in the audit trail of the staff's own company (`news.created|updated|deleted`).
 *
 * Any signed-in user (`*`):
 *   GET  /api/news/current → ZCurrentNews | null. The one item for the user: now within
 *        [starts_at, ends_at), the user's company in its audience, not dismissed by the user; of
 *        several, the most recently started (then the highest id). In the user's language, else in
 *        the item's first written language in the order: the company's default language, fr, en,
 *        es, de (`newsLanguage`). Null while acting as another company or user: the item is for
 *        the company's own people, and only they dismiss it.
 *   POST /api/news/{id}/dismiss → 204: the item never comes back for this user (stored per user;
 *        again is harmless). An item whose audience does not hold the user's company: 404, as an
 *        unknown id. While acting as someone: 204, nothing stored.
 *
 * Audience: `all` companies, or `companies` (the ids in `company_ids`); either way, when
 * `countries` is not empty, only the companies of those countries (their account's country).
 *
 * The body is HTML from the rich-text editor; the server keeps it only after sanitising it with
 * the offers' allow-list (paragraphs, headings, lists, emphasis, links), so clients show it as is.
 *
 * 422 codes: `contents: field_required` (no language), `contents.{lng}.title: field_required |
 * max_length:150`, `contents.{lng}.body: field_required (also when nothing is left once
 * sanitised) | max_length:20000`, `audience: field_required | invalid`, `company_ids:
 * field_required` (audience `companies` without one) `| max_items:1000 | unknown_company` (an id
 * that names no company), `countries: max_items:300`, `countries.{n}: invalid`, `starts_at` and
 * `ends_at`: `field_required | invalid_date`, `ends_at: ends_before_start` (not after `starts_at`).
 */
import { z } from 'zod';
import { LANGUAGES, type Language } from './constants.ts';
import { requiredOr } from './errors.ts';
import { ZId } from './ids.ts';
import { ZPageQuery, ZPerPage, zPaged } from './paging.ts';

export const NEWS_TITLE_MAX = 150;
/** The body's HTML characters. */
export const NEWS_BODY_MAX = 20_000;
export const NEWS_COMPANIES_MAX = 1_000;
export const NEWS_COUNTRIES_MAX = 300;
export const NEWS_PAGE_SIZE = 20;

export const NEWS_AUDIENCES = ['all', 'companies'] as const;
export type TNewsAudience = (typeof NEWS_AUDIENCES)[number];

/** Where an item stands in time (computed by the server at the answer's time). */
export const NEWS_STATUSES = ['scheduled', 'current', 'ended'] as const;
export type TNewsStatus = (typeof NEWS_STATUSES)[number];

export const ZNewsContentInput = z.object({
  title: z
    .string({ error: requiredOr() })
    .trim()
    .min(1, 'field_required')
    .max(NEWS_TITLE_MAX, `max_length:${NEWS_TITLE_MAX}`),
  body: z
    .string({ error: requiredOr() })
    .trim()
    .min(1, 'field_required')
    .max(NEWS_BODY_MAX, `max_length:${NEWS_BODY_MAX}`),
});
export type TNewsContentInput = z.infer<typeof ZNewsContentInput>;

/** `{ fr?: …, en?: …, es?: …, de?: … }`: at least one language. */
const ZNewsContents = z
  .object(
    Object.fromEntries(LANGUAGES.map((lng) => [lng, ZNewsContentInput.optional()])) as Record<
      Language,
      z.ZodOptional<typeof ZNewsContentInput>
    >,
    { error: requiredOr() },
  )
  .refine((contents) => LANGUAGES.some((lng) => contents[lng]), { message: 'field_required' });

/** An ISO alpha-2 country code, upper-cased (`fr` → `FR`). */
const ZCountryCode = z
  .string({ error: 'invalid' })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, 'invalid'));

/** A time with its offset (`2026-03-01T08:00:00.000Z`, `…+01:00`), kept as ISO UTC. */
const ZNewsTime = z
  .string({ error: requiredOr('invalid_date') })
  .trim()
  .min(1, 'field_required')
  .pipe(z.iso.datetime({ offset: true, error: 'invalid_date' }))
  .transform((v) => new Date(v).toISOString());

export const ZNewsItemInput = z
  .object({
    contents: ZNewsContents,
    audience: z.enum(NEWS_AUDIENCES, { error: requiredOr() }),
    /** The companies of an audience `companies` (ignored, and emptied, for `all`). */
    company_ids: z
      .array(ZId)
      .max(NEWS_COMPANIES_MAX, `max_items:${NEWS_COMPANIES_MAX}`)
      .default([])
      .transform((ids) => [...new Set(ids)]),
    /** Only the companies of these countries; empty: any country. */
    countries: z
      .array(ZCountryCode)
      .max(NEWS_COUNTRIES_MAX, `max_items:${NEWS_COUNTRIES_MAX}`)
      .default([])
      .transform((codes) => [...new Set(codes)].sort()),
    starts_at: ZNewsTime,
    ends_at: ZNewsTime,
  })
  .superRefine((v, ctx) => {
    if (v.audience === 'companies' && v.company_ids.length === 0)
      ctx.addIssue({ code: 'custom', message: 'field_required', path: ['company_ids'] });
    if (v.starts_at && v.ends_at && v.ends_at <= v.starts_at)
      ctx.addIssue({ code: 'custom', message: 'ends_before_start', path: ['ends_at'] });
  });
export type TNewsItemInput = z.infer<typeof ZNewsItemInput>;
export type TNewsItemFormInput = z.input<typeof ZNewsItemInput>;

export const ZNewsContent = z.object({ title: z.string(), body: z.string() });
export type TNewsContent = z.infer<typeof ZNewsContent>;

export const ZNewsItem = z.object({
  id: z.number().int(),
  /** The written languages only. */
  contents: z.partialRecord(z.enum(LANGUAGES), ZNewsContent),
  audience: z.enum(NEWS_AUDIENCES),
  /** The chosen companies (audience `companies`), by name. */
  companies: z.array(z.object({ id: z.number().int(), social_reason: z.string() })),
  countries: z.array(z.string()),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.enum(NEWS_STATUSES),
  /** How many users closed it. */
  dismissal_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TNewsItem = z.infer<typeof ZNewsItem>;

export const ZNewsItemPage = zPaged(ZNewsItem);
export type TNewsItemPage = z.infer<typeof ZNewsItemPage>;

export const ZNewsListQuery = ZPageQuery.extend({ per_page: ZPerPage.default(NEWS_PAGE_SIZE) });
export type TNewsListQuery = z.input<typeof ZNewsListQuery>;

/** The item a user sees, in one language. */
export const ZCurrentNews = z.object({
  id: z.number().int(),
  language: z.enum(LANGUAGES),
  title: z.string(),
  body: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
});
export type TCurrentNews = z.infer<typeof ZCurrentNews>;

/**
 * The language a user reads an item in: theirs when the item is written in it, else the first
 * written one of the company's default language, fr, en, es, de; null when none is written.
 */
export function newsLanguage(
  written: readonly string[],
  userLanguage: string,
  companyLanguage: string,
): Language | null {
  const order = [userLanguage, companyLanguage, ...LANGUAGES];
  return (order.find((lng) => written.includes(lng)) as Language | undefined) ?? null;
}

/** Where an item stands at `now`. */
export function newsStatus(startsAt: string, endsAt: string, now: Date): TNewsStatus {
  const time = now.getTime();
  if (time < Date.parse(startsAt)) return 'scheduled';
  return time < Date.parse(endsAt) ? 'current' : 'ended';
}
