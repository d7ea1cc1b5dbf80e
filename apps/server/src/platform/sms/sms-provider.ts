/** One outgoing message handed to a provider. */
export type OutgoingSms = {
  /** Our message id (the outbox and logs name it). */
  messageId: number;
  companyId: number;
  /** E.164. */
  to: string;
  body: string;
};

/** The provider took the message: its id, and the state it reports (`sent`, or `failed` at once). */
export type SentSms = { providerId: string; from: string };

/**
 * The provider refused the message for good (a wrong number, a blocked recipient): trying again
 * cannot help. Any other error is taken as the provider being unreachable and is retried.
 */
export class SmsRejected extends Error {
  override name = 'SmsRejected';
  readonly permanent = true;
}

/** What sending an SMS needs from a provider (docs/sms.md). */
export interface SmsProvider {
  readonly name: 'outbox' | 'twilio';
  /** The sender shown on messages (a number or a messaging service). */
  readonly from: string;
  send(sms: OutgoingSms): Promise<SentSms>;
}
