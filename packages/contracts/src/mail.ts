import { z } from 'zod';

/**
 * An e-mail of the outbox (`GET /dev/mail-outbox`, development only). `transport` is `outbox` while
 * the mail only sits in the table (no SMTP_URL), `smtp` once a mail server took it; `error` holds the
 * last sending failure while the job retries.
 */
export const ZOutboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  transport: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type TOutboxMail = z.infer<typeof ZOutboxMail>;
