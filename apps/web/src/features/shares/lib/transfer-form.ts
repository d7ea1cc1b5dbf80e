import { z } from 'zod';
import { SHARE_DEFAULT_DAYS, SHARE_SECTIONS, ZApplicationTransferRequest, ZShareCreateRequest, ZTransferAccess, type ShareSection } from '@embauche/contracts/shares';

const fields = ZApplicationTransferRequest.shape;

/** Sections ticked when the form opens: who the applicant is and what they sent, not the documents or the feed. */
export const DEFAULT_SECTIONS: ShareSection[] = ['profile', 'cv', 'motivation'];

/**
 * The access fields as the form holds them. Switched off, nothing of them is checked (a hidden
 * expiry cannot block the e-mail); switched on, the contract's `access` rules apply as they are.
 */
const ZAccessForm = z
  .object({
    share: z.boolean(),
    sections: z.array(z.enum(SHARE_SECTIONS)),
    expires_in_days: z.union([z.string(), z.number()]),
  })
  .transform((value, ctx) => {
    if (!value.share) return null;
    const parsed = ZTransferAccess.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      // The contract asks for sections only once the rest of `access` holds: the form says all at once.
      if (!value.sections.length && !parsed.error.issues.some((issue) => issue.path[0] === 'sections'))
        ctx.addIssue({ code: 'custom', path: ['sections'], message: 'field_required' });
      return z.NEVER;
    }
    return parsed.data;
  });

/** The transfer form: the recipients, subject and message of the shared payload schemas, as text inputs hold them. */
export const ZTransferForm = z.object({
  to: fields.to,
  cc: fields.cc,
  bcc: fields.bcc,
  subject: fields.subject,
  message: fields.message,
  send_type: z.enum(['grouped', 'separate']),
  access: ZAccessForm,
});
export type TransferFormInput = z.input<typeof ZTransferForm>;
export type TransferFormOutput = z.output<typeof ZTransferForm>;

/** Server 422 keys that have a field in the transfer form. */
export const TRANSFER_FIELDS = ['to', 'cc', 'bcc', 'subject', 'message', 'send_type', 'access.sections', 'access.expires_in_days'];

export function transferDefaults(subject: string): TransferFormInput {
  return {
    to: '',
    cc: '',
    bcc: '',
    subject,
    message: '',
    send_type: 'grouped',
    access: { share: true, sections: DEFAULT_SECTIONS, expires_in_days: String(SHARE_DEFAULT_DAYS) },
  };
}

/** The link-on-demand form: the contract's schema itself. */
export const ZShareForm = ZShareCreateRequest;
export type ShareFormInput = z.input<typeof ZShareForm>;
export type ShareFormOutput = z.output<typeof ZShareForm>;

/** Server 422 keys that have a field in the link form. */
export const SHARE_FIELDS = ['sections', 'expires_in_days'];
