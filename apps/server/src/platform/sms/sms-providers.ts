import type { Kysely } from 'kysely';
import type { Config } from '../config/config.ts';
import type { DB } from '../db/schema.ts';
import { OutboxSmsProvider } from './outbox-provider.ts';
import type { SmsProvider } from './sms-provider.ts';
import { TwilioSmsProvider } from './twilio-provider.ts';

/** The webhook paths (under PUBLIC_URL) a Twilio number is configured with. */
export const TWILIO_STATUS_PATH = '/api/webhooks/sms/twilio/status';
export const TWILIO_INBOUND_PATH = '/api/webhooks/sms/twilio/inbound';

/** The provider the configuration picks (`SMS_PROVIDER`). */
export function smsProviderFor(config: Config, db: Kysely<DB>): SmsProvider {
  const twilio = config.sms.twilio;
  if (config.sms.provider === 'twilio' && twilio) {
    return new TwilioSmsProvider({
      ...twilio,
      statusCallback: config.publicUrl ? `${config.publicUrl}${TWILIO_STATUS_PATH}` : undefined,
    });
  }
  return new OutboxSmsProvider(db);
}
