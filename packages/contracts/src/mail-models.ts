/**
 * E-mail models (issue 38 part 1; spec 2 config `emails/model`, permission `config.emails`; the
 * `grapesjs` and `mail` namespaces). A company's library of e-mails to candidates, per kind, each
 * written in one or more of the four languages with GrapesJS's MJML preset. Every path is under
 * `/api`; another company's model answers 404 on every route.
 *
 *   GET    /api/mail-models?page&per_page&filter[kind]&search → ZMailModelPage (kind, then name)
 *   GET    /api/mail-models/{id}                           → ZMailModel (every language's content)
 *   POST   /api/mail-models ZMailModelInput                 → 201 ZMailModel
 *   PUT    /api/mail-models/{id} ZMailModelInput            → ZMailModel (the kind never changes:
 *          a different `kind` is 422 `kind: invalid`)
 *   DELETE /api/mail-models/{id}                           → 204
 *   POST   /api/mail-models/preview ZMailPreviewInput       → ZMailPreview: the content compiled
 *          and filled with sample data (nothing saved)
 *   POST   /api/mail-models/{id}/test {language}            → 202: the saved content in that
 *          language, filled with sample data, sent to the signed-in user's own address
 *
 * A content is a subject and an MJML document (`<mjml>…</mjml>`, what GrapesJS's MJML preset
 * exports). On save the server compiles the MJML (off the request thread, with limits), keeps the
 * HTML only after sanitising it (no script, frame, form, event handler or `javascript:` link) with
 * its styles inlined, and writes a plain-text part from it. Merge fields are written
 * `{{group.name}}` (MERGE_FIELDS, per kind); each is replaced when an e-mail is sent, its value
 * escaped (a candidate named `<b>x</b>` reads as text).
 *
 * 422 codes: `name: field_required | max_length:100`, `kind: field_required | invalid`,
 * `contents: field_required` (no language), `contents.{lng}.subject: field_required |
 * max_length:255`, `contents.{lng}.mjml: field_required | max_length:500000 | invalid_mjml`,
 * `contents.{lng}.subject` or `.mjml`: `unknown_merge_fields:{a,b}` naming the fields that the kind
 * does not know. A company keeps at most MAIL_MODELS_MAX models (`kind: max_items:200`).
 *
 * Which model an e-mail uses: the company's default model of its kind (`is_default`, one per kind:
 * saving one as default unsets the others) in the recipient's language, else in the company's
 * default language, else the product's built-in text (in the recipient's language). A candidate
 * whose language is unknown is written to in the company's default language.
 */
import { z } from 'zod';
import { LANGUAGES, type Language } from './constants.ts';
import { requiredOr } from './errors.ts';
import { ZPageQuery, zPaged } from './paging.ts';

/** The kinds of e-mail a model is for; `free` models are picked when writing to candidates. */
export const MAIL_KINDS = [
  'application_received',
  'refusal',
  'interview_invitation',
  /** Planner (issue 39): the day-before reminder, a moved and a cancelled interview, the link to book one. */
  'interview_reminder',
  'interview_change',
  'interview_cancellation',
  'booking_link',
  'document_request',
  'transfer',
  'community_invitation',
  /** Onboarding (issue 41): the e-mails of a process's `email` steps, sent to the new hire. */
  'onboarding',
  'free',
] as const;
export type TMailKind = (typeof MAIL_KINDS)[number];

export const MAIL_MODEL_NAME_MAX = 100;
export const MAIL_SUBJECT_MAX = 255;
/** An MJML document's characters (images are links, never inlined data). */
export const MAIL_MJML_MAX = 500_000;
export const MAIL_MODELS_MAX = 200;

const CANDIDATE = ['candidate.firstname', 'candidate.lastname', 'candidate.fullname'] as const;
const COMPANY = ['company.name'] as const;
const SENDER = ['sender.firstname', 'sender.lastname', 'sender.fullname', 'sender.email'] as const;
const OFFER = ['offer.title', 'offer.link'] as const;
/** `interview.link`: the booking page (to move or cancel) when booked through a link, else the video link. */
const INTERVIEW = [
  'interview.date',
  'interview.time',
  'interview.place',
  'interview.link',
] as const;

/** Onboarding (issue 41): the start date (a day, written in the new hire's language), the manager, the address, the first-day contact. */
const ONBOARDING = [
  'onboarding.start_date',
  'onboarding.manager_name',
  'onboarding.address',
  'onboarding.first_day_contact',
] as const;

/**
 * The merge fields each kind knows, in the picker's order. A link field (`*.link`) is an address
 * (`https://…`), to use as a button's or link's target or as text.
 */
export const MERGE_FIELDS: Record<TMailKind, readonly string[]> = {
  application_received: [...CANDIDATE, ...COMPANY, ...OFFER],
  refusal: [...CANDIDATE, ...COMPANY, ...SENDER, ...OFFER, 'unsubscribe.link'],
  interview_invitation: [...CANDIDATE, ...COMPANY, ...SENDER, ...OFFER, ...INTERVIEW],
  interview_reminder: [...CANDIDATE, ...COMPANY, ...SENDER, ...OFFER, ...INTERVIEW],
  interview_change: [...CANDIDATE, ...COMPANY, ...SENDER, ...OFFER, ...INTERVIEW],
  interview_cancellation: [...CANDIDATE, ...COMPANY, ...SENDER, ...OFFER, ...INTERVIEW],
  booking_link: [...CANDIDATE, ...COMPANY, ...SENDER, ...OFFER, 'booking.link', 'booking.expires'],
  document_request: [...CANDIDATE, ...COMPANY, ...SENDER, 'documents.list', 'upload.link'],
  transfer: [...CANDIDATE, ...COMPANY, ...SENDER, 'transfer.message', 'transfer.link'],
  community_invitation: [...CANDIDATE, ...COMPANY, ...SENDER, ...OFFER, 'unsubscribe.link'],
  onboarding: [...CANDIDATE, ...COMPANY, ...OFFER, ...ONBOARDING],
  free: [...CANDIDATE, ...COMPANY, ...SENDER, ...OFFER, 'unsubscribe.link'],
};

/** `{{ group.name }}` (spaces inside the braces allowed). */
export const MERGE_FIELD_PATTERN = /\{\{\s*([a-z_]+\.[a-z_]+)\s*\}\}/g;

/** The merge fields a text uses, each once, in order of appearance. */
export function mergeFieldsIn(text: string): string[] {
  return [...new Set([...text.matchAll(MERGE_FIELD_PATTERN)].map((m) => m[1]!))];
}

/** The merge fields of `text` that `kind` does not know (empty when all are known). */
export function unknownMergeFields(kind: TMailKind, text: string): string[] {
  const known = new Set(MERGE_FIELDS[kind]);
  return mergeFieldsIn(text).filter((name) => !known.has(name));
}

export const ZMailKind = z.enum(MAIL_KINDS, { error: requiredOr() });

export const ZMailContentInput = z.object({
  subject: z
    .string({ error: requiredOr() })
    .trim()
    .min(1, 'field_required')
    .max(MAIL_SUBJECT_MAX, `max_length:${MAIL_SUBJECT_MAX}`),
  mjml: z
    .string({ error: requiredOr() })
    .trim()
    .min(1, 'field_required')
    .max(MAIL_MJML_MAX, `max_length:${MAIL_MJML_MAX}`),
});
export type TMailContentInput = z.infer<typeof ZMailContentInput>;

/** `{ fr?: …, en?: …, es?: …, de?: … }`: at least one language. */
const ZContents = z
  .object(
    Object.fromEntries(LANGUAGES.map((lng) => [lng, ZMailContentInput.optional()])) as Record<
      Language,
      z.ZodOptional<typeof ZMailContentInput>
    >,
  )
  .refine((contents) => LANGUAGES.some((lng) => contents[lng]), { message: 'field_required' });

export const ZMailModelInput = z.object({
  kind: ZMailKind,
  name: z
    .string({ error: requiredOr() })
    .trim()
    .min(1, 'field_required')
    .max(MAIL_MODEL_NAME_MAX, `max_length:${MAIL_MODEL_NAME_MAX}`),
  /** The model the product uses for e-mails of its kind (one per kind). */
  is_default: z.boolean().default(false),
  contents: ZContents,
});
export type TMailModelInput = z.infer<typeof ZMailModelInput>;
export type TMailModelFormInput = z.input<typeof ZMailModelInput>;

/** A language's content as saved: the MJML (for the editor), the compiled HTML and the text. */
export const ZMailContent = z.object({
  subject: z.string(),
  mjml: z.string(),
  html: z.string(),
  text: z.string(),
  updated_at: z.string(),
});
export type TMailContent = z.infer<typeof ZMailContent>;

export const ZMailModel = z.object({
  id: z.number().int(),
  kind: z.enum(MAIL_KINDS),
  name: z.string(),
  is_default: z.boolean(),
  contents: z.object(
    Object.fromEntries(LANGUAGES.map((lng) => [lng, ZMailContent.nullable()])) as Record<
      Language,
      z.ZodNullable<typeof ZMailContent>
    >,
  ),
  updated_at: z.string(),
  /** Who saved it last (null: a user since deleted). */
  updated_by: z.string().nullable(),
});
export type TMailModel = z.infer<typeof ZMailModel>;

/** A row of the models' list: the languages written, no content. */
export const ZMailModelItem = ZMailModel.omit({ contents: true }).extend({
  languages: z.array(z.enum(LANGUAGES)),
});
export type TMailModelItem = z.infer<typeof ZMailModelItem>;

export const ZMailModelPage = zPaged(ZMailModelItem);
export type TMailModelPage = z.infer<typeof ZMailModelPage>;

const optionalKind = z
  .preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(MAIL_KINDS, { error: 'invalid' }).optional(),
  )
  .optional();

/** `filter[kind]` (or `kind`) and `search` (part of the name). */
export const ZMailModelListQuery = ZPageQuery.extend({
  'filter[kind]': optionalKind,
  kind: optionalKind,
  search: z.string().trim().max(100, 'max_length:100').optional(),
});
export type TMailModelListQuery = z.infer<typeof ZMailModelListQuery>;

export const ZMailPreviewInput = ZMailContentInput.extend({
  kind: ZMailKind,
  language: z.enum(LANGUAGES, { error: requiredOr() }),
});
export type TMailPreviewInput = z.infer<typeof ZMailPreviewInput>;

/** A content compiled and filled with sample data (the preview, the test send). */
export const ZMailPreview = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type TMailPreview = z.infer<typeof ZMailPreview>;

export const ZMailTestInput = z.object({ language: z.enum(LANGUAGES, { error: requiredOr() }) });
