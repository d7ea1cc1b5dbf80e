import { z } from 'zod';
import { LANGUAGES, type Language } from '@embauche/contracts/constants';
import {
  ZMailSignatureContentInput,
  unknownSignatureFields,
  type TMailSignature,
  type TMailSignatureInput,
} from '@embauche/contracts/mail-signatures';
import { MAIL_TEXT_ATTRIBUTES } from './mail-skeleton.ts';

/**
 * A signature's form: every language present (`null` while it is not written). The merge fields
 * are checked as the server does (`unknown_merge_fields:a,b` on the body).
 */
export const ZSignatureForm = z
  .object({
    contents: z.object(
      Object.fromEntries(
        LANGUAGES.map((lng) => [lng, ZMailSignatureContentInput.nullish()]),
      ) as Record<Language, z.ZodOptional<z.ZodNullable<typeof ZMailSignatureContentInput>>>,
    ),
  })
  .superRefine((values, ctx) => {
    for (const lng of LANGUAGES) {
      const content = values.contents[lng];
      if (!content) continue;
      const unknown = unknownSignatureFields(content.mjml);
      if (unknown.length)
        ctx.addIssue({
          code: 'custom',
          path: ['contents', lng, 'mjml'],
          message: `unknown_merge_fields:${unknown.join(',')}`,
        });
    }
  });

export type SignatureFormInput = z.input<typeof ZSignatureForm>;
export type SignatureFormValues = z.output<typeof ZSignatureForm>;

/** A saved signature as the form edits it. */
export function signatureFormValues(signature: TMailSignature): SignatureFormInput {
  return {
    contents: Object.fromEntries(
      LANGUAGES.map((lng) => {
        const content = signature.contents[lng];
        return [lng, content ? { mjml: content.mjml } : null];
      }),
    ) as SignatureFormInput['contents'],
  };
}

/** What the API takes: the languages written, no others. */
export function toSignatureInput(values: SignatureFormValues): TMailSignatureInput {
  const contents: TMailSignatureInput['contents'] = {};
  for (const lng of LANGUAGES) {
    const content = values.contents[lng];
    if (content) contents[lng] = content;
  }
  return { contents };
}

/** The form fields a 422 answer may name. */
export const SIGNATURE_SERVER_FIELDS = LANGUAGES.map((lng) => `contents.${lng}.mjml`);

/** A new language's signature: the sender's name in bold, the company and the address. */
export const SIGNATURE_SKELETON = [
  '<mjml>',
  '  <mj-body>',
  '    <mj-section padding="8px 16px">',
  '      <mj-column>',
  `        <mj-text ${MAIL_TEXT_ATTRIBUTES}><strong>{{sender.fullname}}</strong><br />{{company.name}}<br />{{sender.email}}</mj-text>`,
  '      </mj-column>',
  '    </mj-section>',
  '  </mj-body>',
  '</mjml>',
].join('\n');
