import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { queueMail, type MailMessage } from '../../platform/mail/mailer.ts';

export type SettingsRow = {
  kinds: string;
  digest: string;
  digest_hour: number;
  updated_at: string;
};

export type PreferencesRow = {
  user_id: number;
  kinds: string;
  digest: string | null;
  digest_hour: number | null;
};

/** Who a notification e-mail goes to. */
export type MailRecipient = {
  id: number;
  email: string;
  firstname: string;
  language: string;
  active: boolean;
};

/** A user with notifications waiting for a digest, and when the oldest arrived. */
export type PendingDigest = { company_id: number; user_id: number; oldest: string };

/**
 * The only SQL of notification preferences and digests. The company's defaults and a user's own
 * choices are read by company; the digest queue is read across companies by the worker's tick
 * only, then claimed per user and due time.
 */
export class NotificationPreferencesRepository {
  constructor(readonly db: Kysely<DB>) {}

  settings(companyId: number): Promise<SettingsRow | undefined> {
    return this.db
      .selectFrom('notification_settings')
      .select(['kinds', 'digest', 'digest_hour', 'updated_at'])
      .where('company_id', '=', companyId)
      .executeTakeFirst();
  }

  /** Writes the company's defaults (one row per company). */
  async saveSettings(
    companyId: number,
    values: { kinds: string; digest: string; digest_hour: number; updated_by: number | null },
    trx: Kysely<DB> = this.db,
  ): Promise<void> {
    const row = { ...values, updated_at: new Date().toISOString() };
    await trx
      .insertInto('notification_settings')
      .values({ company_id: companyId, ...row })
      .onConflict((oc) => oc.column('company_id').doUpdateSet(row))
      .execute();
  }

  /** The own choices of those of `userIds` who made some, in the company. */
  async preferences(companyId: number, userIds: number[]): Promise<PreferencesRow[]> {
    if (!userIds.length) return [];
    return this.db
      .selectFrom('notification_preferences')
      .select(['user_id', 'kinds', 'digest', 'digest_hour'])
      .where('company_id', '=', companyId)
      .where('user_id', 'in', [...new Set(userIds)])
      .execute();
  }

  async savePreferences(
    companyId: number,
    userId: number,
    values: { kinds: string; digest: string | null; digest_hour: number | null },
  ): Promise<void> {
    const row = { ...values, updated_at: new Date().toISOString() };
    await this.db
      .insertInto('notification_preferences')
      .values({ company_id: companyId, user_id: userId, ...row })
      .onConflict((oc) => oc.columns(['company_id', 'user_id']).doUpdateSet(row))
      .execute();
  }

  /** The company's users among `ids` as an e-mail names them. */
  async recipients(companyId: number, ids: number[]): Promise<MailRecipient[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'firstname', 'language', 'active'])
      .where('company_id', '=', companyId)
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return rows.map((r) => ({ ...r, active: Boolean(r.active) }));
  }

  // ---- the digest queue ----------------------------------------------------------------------

  /** Queues a notification for the next digest of each user, in the caller's transaction. */
  async queueDigest(
    trx: Kysely<DB>,
    companyId: number,
    userIds: number[],
    data: string,
    at: string,
  ): Promise<void> {
    if (!userIds.length) return;
    await trx
      .insertInto('notification_digest_items')
      .values(userIds.map((user_id) => ({ company_id: companyId, user_id, data, created_at: at })))
      .execute();
  }

  /**
   * Users with notifications waiting and when the oldest arrived (every company: the worker's
   * tick), by company and user, `limit` of them after `after` (the last one of the page before).
   */
  async pending(
    after: { company_id: number; user_id: number } | null,
    limit: number,
  ): Promise<PendingDigest[]> {
    const rows = await this.db
      .selectFrom('notification_digest_items')
      .select((eb) => ['company_id', 'user_id', eb.fn.min<string>('created_at').as('oldest')])
      .$if(after !== null, (q) =>
        q.where((eb) =>
          eb.or([
            eb('company_id', '>', after!.company_id),
            eb.and([eb('company_id', '=', after!.company_id), eb('user_id', '>', after!.user_id)]),
          ]),
        ),
      )
      .groupBy(['company_id', 'user_id'])
      .orderBy('company_id')
      .orderBy('user_id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, oldest: toIso(r.oldest) }));
  }

  /** Drops what waits for a user who gets no more e-mails (digest none, deactivated). */
  async dropPending(companyId: number, userId: number, before: string): Promise<void> {
    await this.db
      .deleteFrom('notification_digest_items')
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .where('created_at', '<', before)
      .execute();
  }

  /**
   * Sends the digest of one user for one due time, once: inserting its row claims it (another
   * worker's insert for the same user and due time finds the row and gives up, after this
   * transaction commits on PostgreSQL); the notifications that arrived before the due time are
   * taken out of the queue and `mail` is queued with them, all in one transaction. Answers the
   * number sent: 0 when another worker had it, or when nothing arrived before the due time (the
   * claim is then undone: nothing was sent).
   */
  async sendDigest(
    companyId: number,
    userId: number,
    dueAt: string,
    mail: (data: string[]) => MailMessage,
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('notification_digests')
        .values({
          company_id: companyId,
          user_id: userId,
          due_at: dueAt,
          items: 0,
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.columns(['company_id', 'user_id', 'due_at']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!claimed) return 0;
      const items = await trx
        .deleteFrom('notification_digest_items')
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .where('created_at', '<', dueAt)
        .returning(['id', 'data'])
        .execute();
      if (!items.length) {
        await trx.deleteFrom('notification_digests').where('id', '=', claimed.id).execute();
        return 0;
      }
      items.sort((a, b) => a.id - b.id);
      await trx
        .updateTable('notification_digests')
        .set({ items: items.length })
        .where('id', '=', claimed.id)
        .execute();
      await queueMail(trx, mail(items.map((i) => i.data)));
      return items.length;
    });
  }

  /** Forgets the digests sent before `before` (their due times are past any claim). */
  async purgeDigests(before: string): Promise<void> {
    await this.db.deleteFrom('notification_digests').where('created_at', '<', before).execute();
  }

  /** The digests sent to a user, newest first (tests, operators). */
  sent(companyId: number, userId: number) {
    return this.db
      .selectFrom('notification_digests')
      .select(['due_at', 'items'])
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .orderBy('due_at', 'desc')
      .execute();
  }
}

/** An aggregate's timestamp: PostgreSQL's min() of a timestamptz may come back as a Date. */
function toIso(value: string | Date): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
