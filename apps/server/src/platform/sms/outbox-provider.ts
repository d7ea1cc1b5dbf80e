import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { OutgoingSms, SentSms, SmsProvider } from './sms-provider.ts';

/** The sender shown on outbox messages. */
export const OUTBOX_FROM = '+33700000000';

/**
 * `SMS_PROVIDER=outbox` (the default): nothing leaves the machine, each message is written to
 * `sms_outbox`, which the development page lists and from which it simulates the delivery receipt
 * and the applicant's reply. Idempotent: a message already in the outbox keeps its first row.
 */
export class OutboxSmsProvider implements SmsProvider {
  readonly name = 'outbox' as const;
  readonly from = OUTBOX_FROM;

  constructor(private readonly db: Kysely<DB>) {}

  async send(sms: OutgoingSms): Promise<SentSms> {
    const existing = await this.db
      .selectFrom('sms_outbox')
      .select('provider_id')
      .where('message_id', '=', sms.messageId)
      .executeTakeFirst();
    if (existing) return { providerId: existing.provider_id, from: this.from };
    const providerId = `OB${randomBytes(16).toString('hex')}`;
    await this.db
      .insertInto('sms_outbox')
      .values({
        company_id: sms.companyId,
        message_id: sms.messageId,
        provider_id: providerId,
        to_phone: sms.to,
        from_phone: this.from,
        body: sms.body,
        created_at: new Date().toISOString(),
      })
      .execute();
    return { providerId, from: this.from };
  }
}
