/**
 * Writing to candidates (issue 38 part 3; spec namespaces `mail` and `multicast`): one e-mail to
 * one applicant from the applicant screen, or the same e-mail to many from a list's selection (the
 * spec's multicast), with a model or written freely, now or at a set time. Every path is under
 * `/api`; every route needs `project_application.email`; recipients are applicants (and
 * applications) the user sees, else 422 `recipients: unknown_applicant` (nothing sent), and
 * talent community members of the company, else 422 `recipients: unknown_member`.
 *
 *   POST   /api/mailings ZMailingInput        → 202 ZMailing: queued; a background job writes the
 *          e-mails to the outbox in batches, each recipient once (a restart sends nobody twice).
 *          With files: `multipart/form-data`, the input as JSON text in the field `payload` and
 *          each file in `attachments[]` (at most MAILING_ATTACHMENTS_MAX, the CV file kinds
 *          recognised from their bytes, MAILING_ATTACHMENTS_MAX_MB in all), sent with every e-mail
 *   GET    /api/mailings/models               → ZMailModelItem[]: the company's models to pick
 *          from (every kind), for whoever may write to candidates
 *   GET    /api/mailings/{id}                 → ZMailing: its progress (sent, skipped and why)
 *   DELETE /api/mailings/{id}                 → ZMailing: cancelled; the recipients not yet written
 *          to are skipped (`cancelled`). A finished mailing answers 409.
 *   POST   /api/mailings/preview ZMailingPreviewInput → ZMailPreview: the e-mail as one recipient
 *          (`applicant_id` with its `application_id`, or `member_id`) will read it (their names,
 *          their offer, their language)
 *
 * Content: `model_id` (a model of the company; its contents are copied when the mailing is
 * created, so a later edit of the model changes nothing already queued) or `content` (a subject
 * and an MJML document written in the dialog, the `free` kind's merge fields). Each recipient gets
 * the model's content in the applicant's language when known, else the company's default
 * language, else the model's first language (fr, en, es, de order).
 *
 * Skipped, with the reason counted in `skipped_reasons`: `no_email` (the applicant has none),
 * `unsubscribed` (the applicant asked for no more e-mails: the link of every bulk e-mail, or an
 * address that bounced; a member who left the community, whose consent expired or who was
 * erased), `cancelled`. A member's e-mails link their community page (leave or erase) instead. A bulk mailing (more than one recipient) carries
 * `List-Unsubscribe` (and `List-Unsubscribe-Post`) headers.
 *
 * With `recipients.selection` ("all that match", issue 42 part 2): 409 `selection_changed` when the
 * set's size is not `all.count`, 404 for an offer the user does not reach.
 *
 * 422 codes: `attachments: max_items:5 | max_size:10`, `attachments.{i}: file_type`,
 * `recipients: field_required | max_items:10000 | unknown_applicant | unknown_member`, `model_id:
 * invalid` (not a model of the company), `content: field_required` (neither a model nor content)
 * and the content's codes under `content.subject` / `content.mjml` (see mail-models.ts), `send_at:
 * invalid` (not an ISO time, or more than a year ahead; a past time sends now).
 */
import { z } from 'zod';
import { ZApplicantSelection } from './applicant-selection.ts';
import { ZRecipientSelection } from './application-selection.ts';
import { ZId } from './ids.ts';
import { ZMailContentInput } from './mail-models.ts';

export const MAILING_RECIPIENTS_MAX = 10_000;
/** Files sent with a mailing, and their total size in megabytes. */
export const MAILING_ATTACHMENTS_MAX = 5;
export const MAILING_ATTACHMENTS_MAX_MB = 10;
export const MAILING_SKIP_REASONS = ['no_email', 'unsubscribed', 'cancelled'] as const;
export type TMailingSkipReason = (typeof MAILING_SKIP_REASONS)[number];
export const MAILING_STATUSES = ['scheduled', 'sending', 'done', 'cancelled'] as const;

const recipientCount = (r: {
  application_ids: number[];
  applicant_ids: number[];
  member_ids: number[];
  selection?: { all: { count: number } };
  applicant_selection?: { all: { count: number } };
}) =>
  r.application_ids.length +
  r.applicant_ids.length +
  r.member_ids.length +
  (r.selection?.all.count ?? 0) +
  (r.applicant_selection?.all.count ?? 0);

/**
 * Who is written to: applicants by application (the offer's merge fields filled) or by applicant,
 * and talent community members (at the member's address, in the member's language).
 * `selection` (issue 42 part 2): every application of a list under its filters, "all that match"
 * (ZRecipientSelection, contracts/application-selection.ts), each written to by application like
 * `application_ids`; its `all.count` counts toward MAILING_RECIPIENTS_MAX (`recipients:
 * max_items:10000`), a count that is no longer the set's size answers 409 `selection_changed`
 * (`errors.count[0]`: the current one), an offer the user does not reach 404.
 */
export const ZMailingRecipients = z
  .object({
    application_ids: z.array(ZId).default([]),
    applicant_ids: z.array(ZId).default([]),
    member_ids: z.array(ZId).default([]),
    selection: ZRecipientSelection.optional(),
    /**
     * "All that match" of a sourcing search or a recruitment list (ZApplicantSelection,
     * contracts/applicant-selection.ts): each applicant written to like `applicant_ids`, once;
     * counted, checked (409) and capped like `selection`; 404 for a list the user may not see.
     */
    applicant_selection: ZApplicantSelection.optional(),
  })
  .refine((r) => recipientCount(r) > 0, { message: 'field_required' })
  .refine((r) => recipientCount(r) <= MAILING_RECIPIENTS_MAX, {
    message: `max_items:${MAILING_RECIPIENTS_MAX}`,
  });

const ZContentChoice = {
  model_id: ZId.optional(),
  content: ZMailContentInput.optional(),
};

export const ZMailingInput = z
  .object({
    recipients: ZMailingRecipients,
    ...ZContentChoice,
    /** When to send (ISO 8601); absent or past: now. */
    send_at: z.iso.datetime({ offset: true, error: 'invalid' }).optional(),
  })
  .refine((v) => v.model_id !== undefined || v.content !== undefined, {
    message: 'field_required',
    path: ['content'],
  });
export type TMailingInput = z.infer<typeof ZMailingInput>;
export type TMailingFormInput = z.input<typeof ZMailingInput>;

/** One recipient: an applicant (and optionally their application), or a community member. */
export const ZMailingPreviewInput = z
  .object({
    applicant_id: ZId.optional(),
    application_id: ZId.optional(),
    member_id: ZId.optional(),
    ...ZContentChoice,
  })
  .refine((v) => v.model_id !== undefined || v.content !== undefined, {
    message: 'field_required',
    path: ['content'],
  })
  .refine((v) => (v.applicant_id === undefined) !== (v.member_id === undefined), {
    message: 'field_required',
    path: ['applicant_id'],
  });
export type TMailingPreviewInput = z.infer<typeof ZMailingPreviewInput>;

export const ZMailing = z.object({
  id: z.number().int(),
  status: z.enum(MAILING_STATUSES),
  /** The model's name, or null for a content written in the dialog. */
  model_name: z.string().nullable(),
  subject: z.string(),
  total: z.number().int(),
  sent: z.number().int(),
  skipped: z.number().int(),
  skipped_reasons: z.object(
    Object.fromEntries(MAILING_SKIP_REASONS.map((r) => [r, z.number().int()])) as Record<
      TMailingSkipReason,
      z.ZodNumber
    >,
  ),
  send_at: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  created_by: z.string().nullable(),
  /** The files sent with each e-mail. */
  attachments: z.array(z.object({ filename: z.string(), size: z.number().int() })),
});
export type TMailing = z.infer<typeof ZMailing>;
