import { z } from 'zod';
import { LANGUAGES, type Language } from '@embauche/contracts/constants';
import {
  ZMailContentInput,
  ZMailKind,
  ZMailModelInput,
  unknownMergeFields,
  type TMailKind,
  type TMailModel,
  type TMailModelInput,
} from '@embauche/contracts/mail-models';

/**
 * The editor's form: the contract's input, with every language present (`null` while it is not
 * written) so that a language can be started or removed without reshaping the form. The merge
 * fields are checked as the server does (`unknown_merge_fields:a,b` on the subject or the body).
 */
export const ZMailModelForm = z
  .object({
    kind: ZMailKind,
    name: ZMailModelInput.shape.name,
    is_default: z.boolean(),
    contents: z.object(
      Object.fromEntries(LANGUAGES.map((lng) => [lng, ZMailContentInput.nullish()])) as Record<
        Language,
        z.ZodOptional<z.ZodNullable<typeof ZMailContentInput>>
      >,
    ),
  })
  .superRefine((values, ctx) => {
    for (const lng of LANGUAGES) {
      const content = values.contents[lng];
      if (!content) continue;
      for (const part of ['subject', 'mjml'] as const) {
        const unknown = unknownMergeFields(values.kind, content[part]);
        if (unknown.length)
          ctx.addIssue({
            code: 'custom',
            path: ['contents', lng, part],
            message: `unknown_merge_fields:${unknown.join(',')}`,
          });
      }
    }
  });

export type MailModelFormInput = z.input<typeof ZMailModelForm>;
export type MailModelFormValues = z.output<typeof ZMailModelForm>;
export type MailContentValues = { subject: string; mjml: string };

/** The languages that have a content, French first. */
export function writtenLanguages(
  contents: Partial<Record<Language, MailContentValues | null>>,
): Language[] {
  return LANGUAGES.filter((lng) => Boolean(contents[lng]));
}

export function emptyContents(): Record<Language, MailContentValues | null> {
  return { fr: null, en: null, es: null, de: null };
}

/** A saved model as the form edits it. */
export function formValuesOf(model: TMailModel): MailModelFormInput {
  const contents = emptyContents();
  for (const lng of LANGUAGES) {
    const content = model.contents[lng];
    if (content) contents[lng] = { subject: content.subject, mjml: content.mjml };
  }
  return { kind: model.kind, name: model.name, is_default: model.is_default, contents };
}

/** A new model of `kind`, its first language started from `content`. */
export function newFormValues(
  kind: TMailKind,
  language: Language,
  content: MailContentValues,
): MailModelFormInput {
  return {
    kind,
    name: '',
    is_default: false,
    contents: { ...emptyContents(), [language]: content },
  };
}

/** What the API takes: the languages written, no others. */
export function toModelInput(values: MailModelFormValues): TMailModelInput {
  const contents: TMailModelInput['contents'] = {};
  for (const lng of writtenLanguages(values.contents)) contents[lng] = values.contents[lng]!;
  return { kind: values.kind, name: values.name, is_default: values.is_default, contents };
}

/** The form fields a 422 answer may name (`contents` alone means no language: shown above the form). */
export const SERVER_FIELDS = [
  'name',
  'kind',
  ...LANGUAGES.flatMap((lng) => [`contents.${lng}.subject`, `contents.${lng}.mjml`]),
];
