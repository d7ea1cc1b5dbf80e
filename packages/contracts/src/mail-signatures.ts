/**
 * E-mail signatures (issue 38 part 2; spec 2 config `emails/signature`, permission `config.emails`;
 * the `mail` namespace). The company's signature and each user's own, one per language (fr, en,
 * es, de), written in the e-mail models' visual editor (an MJML document), compiled and sanitised
 * on the server like a model, and appended to the e-mails a user sends (docs/mail-models.md).
 *
 *   GET  /api/config/mail-signature                → ZMailSignature (the company's; config.emails)
 *   PUT  /api/config/mail-signature ZMailSignatureInput → ZMailSignature
 *   GET  /api/me/mail-signature                    → ZMailSignature (the signed-in user's own)
 *   PUT  /api/me/mail-signature ZMailSignatureInput → ZMailSignature
 *   POST /api/mail-signature/preview ZMailSignaturePreviewInput → ZMailSignaturePreview (any
 *        signed-in user: compiled and filled with their own and their company's values)
 *
 * A PUT replaces every language: a language left out is removed, none at all removes the
 * signature. Merge fields allowed: the sender's and the company's (SIGNATURE_MERGE_FIELDS).
 *
 * 422 codes: `contents.{lng}.mjml: field_required | max_length:100000 | invalid_mjml |
 * unknown_merge_fields:{a,b}` (naming the fields a signature does not know).
 *
 * Which signature an e-mail carries: its sender's own in the e-mail's language, else in the
 * company's default language, else in any; when the sender has none, the company's in the same
 * order; else none.
 */
import { z } from 'zod';
import { LANGUAGES, type Language } from './constants.ts';
import { requiredOr } from './errors.ts';
import { MERGE_FIELDS, mergeFieldsIn } from './mail-models.ts';

/** The merge fields a signature knows: the sender's and the company's, in the picker's order. */
export const SIGNATURE_MERGE_FIELDS: readonly string[] = MERGE_FIELDS.free.filter(
  (name) => name.startsWith('sender.') || name.startsWith('company.'),
);

/** The merge fields of `text` that a signature does not know (empty when all are known). */
export function unknownSignatureFields(text: string): string[] {
  const known = new Set(SIGNATURE_MERGE_FIELDS);
  return mergeFieldsIn(text).filter((name) => !known.has(name));
}

/** A signature's MJML document's characters (images are links, never inlined data). */
export const MAIL_SIGNATURE_MJML_MAX = 100_000;

export const ZMailSignatureContentInput = z.object({
  mjml: z
    .string({ error: requiredOr() })
    .trim()
    .min(1, 'field_required')
    .max(MAIL_SIGNATURE_MJML_MAX, `max_length:${MAIL_SIGNATURE_MJML_MAX}`),
});
export type TMailSignatureContentInput = z.infer<typeof ZMailSignatureContentInput>;

/** `{ fr?: {mjml}, en?: …, es?: …, de?: … }`: every language given (none removes the signature). */
export const ZMailSignatureInput = z.object({
  contents: z.object(
    Object.fromEntries(
      LANGUAGES.map((lng) => [lng, ZMailSignatureContentInput.nullish()]),
    ) as Record<Language, z.ZodOptional<z.ZodNullable<typeof ZMailSignatureContentInput>>>,
  ),
});
export type TMailSignatureInput = z.infer<typeof ZMailSignatureInput>;

/** A language's signature as saved: the MJML (for the editor), the compiled HTML and the text. */
export const ZMailSignatureContent = z.object({
  mjml: z.string(),
  html: z.string(),
  text: z.string(),
  updated_at: z.string(),
});
export type TMailSignatureContent = z.infer<typeof ZMailSignatureContent>;

export const ZMailSignature = z.object({
  contents: z.object(
    Object.fromEntries(LANGUAGES.map((lng) => [lng, ZMailSignatureContent.nullable()])) as Record<
      Language,
      z.ZodNullable<typeof ZMailSignatureContent>
    >,
  ),
});
export type TMailSignature = z.infer<typeof ZMailSignature>;

export const ZMailSignaturePreviewInput = ZMailSignatureContentInput.extend({
  language: z.enum(LANGUAGES, { error: requiredOr() }),
});
export type TMailSignaturePreviewInput = z.infer<typeof ZMailSignaturePreviewInput>;

/** A signature compiled and filled with the signed-in user's and company's values. */
export const ZMailSignaturePreview = z.object({ html: z.string(), text: z.string() });
export type TMailSignaturePreview = z.infer<typeof ZMailSignaturePreview>;
