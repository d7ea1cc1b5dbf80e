import type { TMailingFormInput, TMailingPreviewInput } from '@embauche/contracts/mailings';

/**
 * One person the e-mail goes to: an applicant, by their application when the screen knows it (the
 * offer's merge fields are then filled), else by the applicant; or a talent community member
 * (written to at the member's address, in the member's language). `email` null: known to have no
 * address.
 */
export type MailingRecipient = (
  | { applicantId: number; applicationId?: number; memberId?: undefined }
  | { memberId: number; applicantId?: undefined; applicationId?: undefined }
) & {
  name: string;
  email?: string | null;
};

/** The recipients as the API names them (`member_ids` only when there are members). */
export function recipientsPayload(recipients: MailingRecipient[]): TMailingFormInput['recipients'] {
  const members = [
    ...new Set(recipients.flatMap((r) => (r.memberId === undefined ? [] : [r.memberId]))),
  ];
  return {
    application_ids: recipients.flatMap((r) =>
      r.applicationId === undefined ? [] : [r.applicationId],
    ),
    applicant_ids: [
      ...new Set(
        recipients.flatMap((r) =>
          r.applicantId !== undefined && r.applicationId === undefined ? [r.applicantId] : [],
        ),
      ),
    ],
    ...(members.length ? { member_ids: members } : {}),
  };
}

/** Who the preview shows the e-mail to, as the API names them. */
export function previewRecipient(
  r: MailingRecipient,
): Pick<TMailingPreviewInput, 'applicant_id' | 'application_id' | 'member_id'> {
  return r.memberId !== undefined
    ? { member_id: r.memberId }
    : { applicant_id: r.applicantId, application_id: r.applicationId };
}

/** A key that tells recipients apart (an applicant may be named by two applications). */
export const recipientKey = (r: MailingRecipient) =>
  `${r.memberId ?? ''}-${r.applicantId ?? ''}-${r.applicationId ?? ''}`;

/** Those the screen knows to have no e-mail address: the mailing skips them (`no_email`). */
export function withoutAddress(recipients: MailingRecipient[]): MailingRecipient[] {
  return recipients.filter((r) => r.email === null || r.email?.trim() === '');
}
