import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DB } from '../db/schema.ts';
import { enqueue, enqueueMany, type JobWorker } from '../jobs/jobs.ts';

export type MailMessage = {
  companyId: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Copies and blind copies (a transfer's `cc` and `bcc`). */
  cc?: string[];
  bcc?: string[];
  replyTo?: string | null;
  /** The From header's display name (e.g. the user who sends); the address stays MAIL_FROM's. */
  fromName?: string | null;
};

export const MAIL_JOB = 'mail.send';

/**
 * Queues an e-mail in the caller's transaction: a row of `mail_outbox` plus the job that sends it.
 * Without SMTP_URL the row stays in the outbox (the development page lists it) and counts as sent.
 */
export async function queueMail(trx: Kysely<DB>, message: MailMessage): Promise<number> {
  const row = await trx
    .insertInto('mail_outbox')
    .values(outboxRow(message, new Date().toISOString()))
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueue(trx, MAIL_JOB, { mail_id: row.id });
  return row.id;
}

/** Rows per multi-row insert of the outbox (13 columns each). */
const BULK_MAILS = 200;

/**
 * Queues many e-mails in the caller's transaction: the outbox rows and their send jobs inserted a
 * few hundred per statement (an import's invitations), rather than two statements per e-mail.
 */
export async function queueMails(trx: Kysely<DB>, messages: MailMessage[]): Promise<number[]> {
  const now = new Date().toISOString();
  const ids: number[] = [];
  for (let start = 0; start < messages.length; start += BULK_MAILS) {
    const rows = await trx
      .insertInto('mail_outbox')
      .values(messages.slice(start, start + BULK_MAILS).map((m) => outboxRow(m, now)))
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  await enqueueMany(
    trx,
    MAIL_JOB,
    ids.map((mail_id) => ({ mail_id })),
  );
  return ids;
}

function outboxRow(message: MailMessage, now: string) {
  return {
    company_id: message.companyId,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    cc: message.cc?.length ? message.cc.join(', ') : null,
    bcc: message.bcc?.length ? message.bcc.join(', ') : null,
    reply_to: message.replyTo ?? null,
    // No line breaks in a header, whatever a user's name holds.
    from_name: message.fromName?.replace(/[\r\n"<>]+/g, ' ').trim() || null,
    transport: 'outbox',
    created_at: now,
    sent_at: null,
    error: null,
  };
}

/** The `mail.send` handler: idempotent, a mail already sent is not sent again. */
export function registerMailJob(
  worker: JobWorker,
  db: Kysely<DB>,
  options: { smtpUrl: string | undefined; from: string; transport?: Transporter },
): void {
  let transport = options.transport ?? null;
  worker.register<{ mail_id: number }>(MAIL_JOB, async ({ mail_id }) => {
    const mail = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', mail_id)
      .executeTakeFirst();
    if (!mail || mail.sent_at) return;
    if (options.smtpUrl || options.transport) {
      transport ??= nodemailer.createTransport(options.smtpUrl);
      try {
        await transport.sendMail({
          from: mail.from_name
            ? { name: mail.from_name, address: /<([^>]+)>/.exec(options.from)?.[1] ?? options.from }
            : options.from,
          to: mail.to,
          ...(mail.cc ? { cc: mail.cc } : {}),
          ...(mail.bcc ? { bcc: mail.bcc } : {}),
          ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
        });
      } catch (err) {
        await db
          .updateTable('mail_outbox')
          .set({ error: err instanceof Error ? err.message : String(err) })
          .where('id', '=', mail_id)
          .execute();
        throw err;
      }
    }
    await db
      .updateTable('mail_outbox')
      .set({
        sent_at: new Date().toISOString(),
        transport: options.smtpUrl || options.transport ? 'smtp' : 'outbox',
        error: null,
      })
      .where('id', '=', mail_id)
      .execute();
  });
}

/** The company's latest e-mails of the outbox, newest first (the development page). */
export function latestMails(db: Kysely<DB>, companyId: number, limit = 50) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'to', 'subject', 'text', 'html', 'transport', 'created_at', 'sent_at', 'error'])
    .where('company_id', '=', companyId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
