import type { SecretBox } from '../../platform/crypto/secret-box.ts';

const CONTEXT = 'mail.unsubscribe';

/**
 * The unsubscribe link of an applicant's e-mails (`/unsubscribe/{company}.{applicant}.{mac}`): the
 * ids signed with HMAC (the server's secret, every instance agrees), so nothing is stored and no
 * other applicant's link can be guessed. It never expires: an old e-mail's link keeps working.
 */
export class UnsubscribeLinks {
  constructor(
    private readonly box: SecretBox,
    private readonly base: () => string,
  ) {}

  token(companyId: number, applicantId: number): string {
    return `${companyId}.${applicantId}.${this.box.mac(`${companyId}:${applicantId}`, CONTEXT)}`;
  }

  url(companyId: number, applicantId: number): string {
    return `${this.base()}/unsubscribe/${this.token(companyId, applicantId)}`;
  }

  /** The company and applicant of a link, or null when it was not ours. */
  read(token: string): { companyId: number; applicantId: number } | null {
    const match = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const [companyId, applicantId] = [Number(match[1]), Number(match[2])];
    return this.box.verifyMac(`${companyId}:${applicantId}`, CONTEXT, match[3]!)
      ? { companyId, applicantId }
      : null;
  }
}
