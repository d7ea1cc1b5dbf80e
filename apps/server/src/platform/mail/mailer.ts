import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DB } from '../db/schema.ts';
import { enqueue, enqueueMany, PermanentJobError, type JobWorker } from '../jobs/jobs.ts';
import type { FileStorage } from '../storage/storage.ts';

/**
 * A file sent with an e-mail: a stored file (`key`, read through the storage interface when the
 * e-mail goes) or a small text made for it (`content`, e.g. an invitation's ICS).
 */
export type MailAttachment = {
  filename: string;
  contentType: string;
} & ({ key: string; content?: never } | { content: string; key?: never });

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
  /** Extra headers: `List-Unsubscribe` and `List-Unsubscribe-Post` of a bulk e-mail. */
  headers?: Record<string, string> | null;
  /** Files sent with it (a mailing's attachments, an invitation's ICS). */
  attachments?: MailAttachment[] | null;
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
    // No line breaks in a header's value either.
    headers: message.headers
      ? JSON.stringify(
          Object.fromEntries(
            Object.entries(message.headers).map(([k, v]) => [k, v.replace(/[\r\n]+/g, ' ')]),
          ),
        )
      : null,
    attachments: message.attachments?.length
      ? JSON.stringify(
          message.attachments.map((a) => ({
            ...a,
            filename: a.filename.replace(/[\r\n"]+/g, ' '),
            contentType: a.contentType.replace(/[\r\n]+/g, ' '),
          })),
        )
      : null,
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
  options: {
    smtpUrl: string | undefined;
    from: string;
    transport?: Transporter;
    /** Where the stored attachments are read from. */
    storage?: Pick<FileStorage, 'get'>;
  },
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
        const attachments = await readAttachments(mail.attachments, options.storage);
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
          ...(mail.headers ? { headers: JSON.parse(mail.headers) as Record<string, string> } : {}),
          ...(attachments.length ? { attachments } : {}),
        });
      } catch (err) {
        await db
          .updateTable('mail_outbox')
          .set({ error: err instanceof Error ? err.message : String(err) })
          .where('id', '=', mail_id)
          .execute();
        // The server refused the address for good (5xx): trying again cannot help, and the
        // company's applicants with that address are not written to again (`email_blocked`).
        const code = (err as { responseCode?: unknown }).responseCode;
        if (typeof code === 'number' && code >= 500 && code < 600) {
          if (mail.company_id !== null) await markBounced(db, mail.company_id, mail.to);
          throw new PermanentJobError(`refused by the mail server (${code})`);
        }
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

/**
 * An outbox e-mail's files as nodemailer sends them. A stored file that is gone (deleted with its
 * company) fails the e-mail for good rather than sending it without what it announces.
 */
async function readAttachments(
  json: string | null,
  storage: Pick<FileStorage, 'get'> | undefined,
): Promise<{ filename: string; contentType: string; content: Buffer | string }[]> {
  if (!json) return [];
  const list = JSON.parse(json) as MailAttachment[];
  const read = [];
  for (const a of list) {
    if (a.content !== undefined) {
      read.push({ filename: a.filename, contentType: a.contentType, content: a.content });
      continue;
    }
    const data = storage ? await storage.get(a.key) : null;
    if (!data) throw new PermanentJobError(`attachment ${a.filename} is not in the storage`);
    read.push({ filename: a.filename, contentType: a.contentType, content: data });
  }
  return read;
}

/** The applicants of the company with this address stop receiving e-mails: it bounced. */
async function markBounced(db: Kysely<DB>, companyId: number, address: string) {
  await db
    .updateTable('applicants')
    .set({ email_blocked: 'bounced', email_blocked_at: new Date().toISOString() })
    .where('company_id', '=', companyId)
    .where('email', '=', address.trim().toLowerCase())
    .where('email_blocked', 'is', null)
    .execute();
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
