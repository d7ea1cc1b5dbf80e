import type { TMailingInput } from '@embauche/contracts/mailings';

/**
 * One applicant the e-mail goes to: by their application when the screen knows it (the offer's
 * merge fields are then filled), else by the applicant. `email` null: known to have no address.
 */
export type MailingRecipient = {
  applicantId: number;
  applicationId?: number;
  name: string;
  email?: string | null;
};

/** The recipients as the API names them. */
export function recipientsPayload(recipients: MailingRecipient[]): TMailingInput['recipients'] {
  return {
    application_ids: recipients.flatMap((r) =>
      r.applicationId === undefined ? [] : [r.applicationId],
    ),
    applicant_ids: [
      ...new Set(recipients.flatMap((r) => (r.applicationId === undefined ? [r.applicantId] : []))),
    ],
  };
}

/** Those the screen knows to have no e-mail address: the mailing skips them (`no_email`). */
export function withoutAddress(recipients: MailingRecipient[]): MailingRecipient[] {
  return recipients.filter((r) => r.email === null || r.email?.trim() === '');
}
