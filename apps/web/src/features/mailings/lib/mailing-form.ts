import { z } from 'zod';
import {
  MAIL_MJML_MAX,
  MAIL_SUBJECT_MAX,
  unknownMergeFields,
} from '@embauche/contracts/mail-models';
import type { TMailingInput, TMailingPreviewInput } from '@embauche/contracts/mailings';
import { localToIso } from './send-at.ts';
import { textToMjml } from './text-to-mjml.ts';

/**
 * The dialog's form: a company model (`model_id`, the select's value) or a subject and a plain
 * text written here (`free`, turned into MJML when sent), now or at `send_at`
 * (`yyyy-MM-ddTHH:mm`, where the user is). Codes from the errors namespace, as the server's.
 */
export const ZMailingForm = z
  .object({
    mode: z.enum(['model', 'free']),
    model_id: z.string(),
    subject: z.string(),
    body: z.string(),
    when: z.enum(['now', 'later']),
    send_at: z.string().nullable(),
  })
  .superRefine((form, ctx) => {
    const issue = (path: keyof typeof form, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (form.mode === 'model' && !form.model_id) issue('model_id', 'field_required');
    if (form.mode === 'free') {
      const subject = form.subject.trim();
      if (!subject) issue('subject', 'field_required');
      else if (subject.length > MAIL_SUBJECT_MAX)
        issue('subject', `max_length:${MAIL_SUBJECT_MAX}`);
      if (!form.body.trim()) issue('body', 'field_required');
      else if (form.body.length > MAIL_MJML_MAX / 2)
        issue('body', `max_length:${MAIL_MJML_MAX / 2}`);
      // The server refuses them too; said here before anything is sent, naming them.
      for (const field of ['subject', 'body'] as const) {
        const unknown = unknownMergeFields('free', form[field]);
        if (unknown.length) issue(field, `unknown_merge_fields:${unknown.join(',')}`);
      }
    }
    if (form.when === 'later' && !(form.send_at && localToIso(form.send_at)))
      issue('send_at', 'field_required');
  });
export type MailingForm = z.infer<typeof ZMailingForm>;

export const MAILING_FORM_DEFAULTS: MailingForm = {
  mode: 'model',
  model_id: '',
  subject: '',
  body: '',
  when: 'now',
  send_at: null,
};

/** What is sent as the e-mail's content: the model, or the subject and the text as MJML. */
export function mailingContent(form: MailingForm): Pick<TMailingInput, 'model_id' | 'content'> {
  if (form.mode === 'model') return { model_id: Number(form.model_id) };
  return { content: { subject: form.subject.trim(), mjml: textToMjml(form.body) } };
}

/** The content to preview, or null while there is none yet (no model chosen, a subject or text still empty). */
export function previewContent(
  form: Pick<MailingForm, 'mode' | 'model_id' | 'subject' | 'body'>,
): Pick<TMailingPreviewInput, 'model_id' | 'content'> | null {
  if (form.mode === 'model') return form.model_id ? { model_id: Number(form.model_id) } : null;
  if (!form.subject.trim() || !form.body.trim()) return null;
  return { content: { subject: form.subject.trim(), mjml: textToMjml(form.body) } };
}

/** The server's 422 fields and the form's fields they land on. */
export const SERVER_FIELDS: Record<string, keyof MailingForm> = {
  model_id: 'model_id',
  content: 'body',
  'content.subject': 'subject',
  'content.mjml': 'body',
  send_at: 'send_at',
};
