import { ZNotificationData, type TNotificationData } from '@embauche/contracts/notifications';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { queueMails, type MailMessage } from '../../platform/mail/mailer.ts';
import { mailLanguage } from '../../platform/mail/mail-language.ts';
import { nextRun } from '../company-settings/next-run.ts';
import { digestMail, notificationMail } from './notification-mail.ts';
import type {
  NotificationPreferencesRepository,
  PendingDigest,
} from './notification-preferences.repository.ts';
import type { NotificationPreferencesService } from './notification-preferences.service.ts';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Users waiting read at once by a tick (it reads them all, page after page). */
const TICK_USERS = 500;
/** Sent digests are remembered this long (a claim only matters for its own due time). */
const DIGEST_RETENTION_MS = 35 * 86_400_000;

/**
 * The latest instant at or before `now` when a daily digest at `hour`:00 on the wall clock of
 * `timeZone` is due (the scheduled exports' rule: an hour skipped by a daylight-saving change is
 * due at the first instant after it, an hour that occurs twice once).
 */
export function lastDailyDue(hour: number, timeZone: string, now: Date): Date {
  const rule = { frequency: 'daily' as const, weekday: null, month_day: null, hour };
  // Two days back holds at least one due time before now (days last 23 to 25 hours).
  let due = nextRun(rule, timeZone, new Date(now.getTime() - 50 * 3_600_000));
  for (;;) {
    const next = nextRun(rule, timeZone, due);
    if (next.getTime() > now.getTime()) return due;
    due = next;
  }
}

/**
 * Notification e-mails (docs/notifications.md): one e-mail per notification for the users whose
 * digest is `immediate`, queued with the notification's rows; for `daily`, the notification waits
 * in the digest queue and the worker's tick sends each user one e-mail per due time with what
 * arrived before it. A digest is claimed by its row (company, user, due time), unique: several
 * workers, or a restart, never send one due time twice.
 */
export class NotificationEmailsService {
  constructor(
    private readonly repo: NotificationPreferencesRepository,
    private readonly preferences: NotificationPreferencesService,
    private readonly timeZone: (companyId: number) => Promise<string>,
    /** The address of the app in links (`PUBLIC_URL`). */
    private readonly publicUrl: string,
    private readonly log?: FastifyBaseLogger,
    /** Users waiting read at once by a tick (tests page with fewer). */
    private readonly pageSize = TICK_USERS,
  ) {}

  /** The e-mails of a notification to `userIds`, each in its user's language. */
  async immediate(
    companyId: number,
    userIds: number[],
    data: TNotificationData,
  ): Promise<MailMessage[]> {
    const users = await this.repo.recipients(companyId, userIds);
    return users
      .filter((u) => u.active)
      .map((u) => ({
        companyId,
        to: u.email,
        ...notificationMail({
          language: mailLanguage(u.language),
          firstname: u.firstname,
          data,
          publicUrl: this.publicUrl,
        }),
      }));
  }

  /** Writes, in the notification's transaction, its e-mails and its place in the digest queue. */
  async write(
    trx: Kysely<DB>,
    companyId: number,
    mails: MailMessage[],
    digestUserIds: number[],
    data: string,
    at: string,
  ): Promise<void> {
    if (mails.length) await queueMails(trx, mails);
    await this.repo.queueDigest(trx, companyId, digestUserIds, data, at);
  }

  /**
   * The worker's tick: each user with notifications waiting gets, when a due time has passed since
   * the oldest arrived, one digest of those that arrived before it. A user whose digest is now
   * `immediate` gets what waits at once; `none` (or deactivated), it is dropped. Answers the
   * number of digests sent.
   */
  async tick(now = new Date()): Promise<number> {
    let sent = 0;
    // Every user waiting is looked at each tick, a page at a time: one whose hour is not reached
    // never holds back another whose hour is.
    let after: PendingDigest | null = null;
    for (;;) {
      const page: PendingDigest[] = await this.repo.pending(after, this.pageSize);
      const byCompany = new Map<number, PendingDigest[]>();
      for (const p of page)
        byCompany.set(p.company_id, [...(byCompany.get(p.company_id) ?? []), p]);
      for (const [companyId, users] of byCompany) {
        try {
          sent += await this.companyDigests(companyId, users, now);
        } catch (err) {
          this.log?.error({ err, companyId }, 'notification digests not sent');
        }
      }
      if (page.length < this.pageSize) break;
      after = page[page.length - 1]!;
    }
    await this.repo.purgeDigests(new Date(now.getTime() - DIGEST_RETENTION_MS).toISOString());
    return sent;
  }

  private async companyDigests(
    companyId: number,
    users: { user_id: number; oldest: string }[],
    now: Date,
  ): Promise<number> {
    const ids = users.map((u) => u.user_id);
    const [timeZone, digests, recipients] = await Promise.all([
      this.timeZone(companyId),
      this.preferences.digests(companyId, ids),
      this.repo.recipients(companyId, ids),
    ]);
    const people = new Map(recipients.map((r) => [r.id, r]));
    let sent = 0;
    for (const { user_id: userId, oldest } of users) {
      const person = people.get(userId);
      const choice = digests.get(userId)!;
      if (!person?.active || choice.digest === 'none') {
        await this.repo.dropPending(companyId, userId, now.toISOString());
        continue;
      }
      const due = choice.digest === 'daily' ? lastDailyDue(choice.digest_hour, timeZone, now) : now;
      // Nothing arrived before the due time: the next one will have it.
      if (new Date(oldest).getTime() >= due.getTime()) continue;
      const count = await this.repo.sendDigest(companyId, userId, due.toISOString(), (items) => ({
        companyId,
        to: person.email,
        ...digestMail({
          language: mailLanguage(person.language),
          firstname: person.firstname,
          items: items.flatMap((json) => {
            const data = ZNotificationData.safeParse(parseJson(json));
            return data.success ? [data.data] : [];
          }),
          publicUrl: this.publicUrl,
        }),
      }));
      if (count) sent++;
    }
    return sent;
  }
}
