import { SmsRejected, type OutgoingSms, type SentSms, type SmsProvider } from './sms-provider.ts';

export type TwilioSettings = {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** An E.164 number, or a messaging service SID (`MG…`). */
  from: string;
  /** Where Twilio posts delivery receipts (`…/api/webhooks/sms/twilio/status`); none: no receipts. */
  statusCallback: string | undefined;
};

/** What Twilio answers to a created message (the fields read). */
type TwilioMessage = { sid?: string; status?: string; code?: number; message?: string };

/**
 * `SMS_PROVIDER=twilio`: the Messages API (`POST {base}/2010-04-01/Accounts/{sid}/Messages.json`,
 * form-encoded, HTTP basic authentication). A 4xx answer other than 429 is the message refused for
 * good (SmsRejected); 429, 5xx and network errors are thrown as is and retried by the job.
 */
export class TwilioSmsProvider implements SmsProvider {
  readonly name = 'twilio' as const;

  constructor(
    private readonly settings: TwilioSettings,
    private readonly timeoutMs = 15_000,
  ) {}

  get from(): string {
    return this.settings.from;
  }

  async send(sms: OutgoingSms): Promise<SentSms> {
    const s = this.settings;
    const form = new URLSearchParams({ To: sms.to, Body: sms.body });
    if (/^MG[0-9a-f]{32}$/i.test(s.from)) form.set('MessagingServiceSid', s.from);
    else form.set('From', s.from);
    if (s.statusCallback) form.set('StatusCallback', s.statusCallback);
    const url = `${s.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(s.accountSid)}/Messages.json`;
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${s.accountSid}:${s.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await res.text();
    let answer: TwilioMessage = {};
    try {
      answer = JSON.parse(text) as TwilioMessage;
    } catch {
      // Not JSON (a proxy's error page): judged by the status alone.
    }
    if (res.status >= 400 && res.status < 500 && res.status !== 429) {
      const detail = answer.code
        ? `${answer.code} ${answer.message ?? ''}`.trim()
        : `${res.status}`;
      throw new SmsRejected(`provider_rejected: ${detail}`.slice(0, 255));
    }
    if (!res.ok || !answer.sid) throw new Error(`Twilio answered ${res.status}`);
    return { providerId: answer.sid, from: s.from };
  }
}
