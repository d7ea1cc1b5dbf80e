import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { TMailingSkipReason } from '@embauche/contracts/mailings';
import type { DB } from '../../platform/db/schema.ts';

export type Trx = Kysely<DB>;

/**
 * A recipient still to write to, with what its e-mail needs: an applicant (`member_id` null), or a
 * talent community member (`member_id`; `applicant_id` the applicant they became, if any, whose
 * feed gets the e-mail). `email` null: no address, or the applicant or member is gone.
 */
export type PendingRecipient = {
  id: number;
  applicant_id: number | null;
  application_id: number | null;
  member_id: number | null;
  email: string | null;
  /** Why nothing may be written to them: the applicant's `email_blocked`, or a member's consent. */
  blocked: boolean;
  firstname: string;
  lastname: string;
  offer_id: number | null;
  offer_title: string | null;
  offer_status: string | null;
  /** The language the candidate wrote to the company in (career site, talent community), if known. */
  language: string | null;
};

/** A file of a mailing, sent with each of its e-mails. */
export type MailingAttachment = {
  filename: string;
  mime: string;
  size: number;
  storage_key: string;
};

const SKIP_COLUMN = {
  no_email: 'skipped_no_email',
  unsubscribed: 'skipped_unsubscribed',
  cancelled: 'skipped_cancelled',
} as const;

/**
 * The language a candidate wrote to the company in: their latest application from the career site,
 * else the talent community they joined; null when unknown.
 */
function candidateLanguage(
  eb: ExpressionBuilder<DB & { a: DB['applicants'] }, 'a'>,
  companyId: number,
  applicant: 'a.id',
) {
  return eb.fn.coalesce(
    eb
      .selectFrom('career_site_applications as cs')
      .innerJoin('applications as ca', 'ca.id', 'cs.application_id')
      .select('cs.notice_language')
      .where('ca.company_id', '=', companyId)
      .whereRef('ca.applicant_id', '=', applicant)
      .orderBy('cs.id', 'desc')
      .limit(1),
    eb
      .selectFrom('community_members as cm')
      .select('cm.language')
      .where('cm.company_id', '=', companyId)
      .whereRef('cm.applicant_id', '=', applicant)
      .orderBy('cm.id', 'desc')
      .limit(1),
  );
}

/** The only SQL of mailings; every query takes the company id. */
export class MailingsRepository {
  constructor(readonly db: Kysely<DB>) {}

  transaction<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** The applications of the company among `ids` (the caller checks the user sees them). */
  applications(companyId: number, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('applications')
      .select(['id', 'applicant_id', 'offer_id'])
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute();
  }

  company(companyId: number) {
    return this.db
      .selectFrom('companies')
      .select(['social_reason', 'slug', 'default_language'])
      .where('id', '=', companyId)
      .executeTakeFirstOrThrow();
  }

  user(userId: number | null) {
    if (userId === null) return Promise.resolve(undefined);
    return this.db
      .selectFrom('users')
      .select(['firstname', 'lastname', 'email'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /** Creates the mailing and its recipients (a few hundred rows per statement). */
  async insert(
    trx: Trx,
    mailing: {
      company_id: number;
      created_by: number;
      model_id: number | null;
      model_name: string | null;
      subject: string;
      contents: string;
      bulk: boolean;
      send_at: string;
      created_at: string;
    },
    recipients: {
      applicant_id: number | null;
      application_id: number | null;
      member_id: number | null;
    }[],
    attachments: MailingAttachment[] = [],
  ): Promise<number> {
    const { id } = await trx
      .insertInto('mailings')
      .values({ ...mailing, status: 'scheduled', total: recipients.length })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < recipients.length; i += 500) {
      await trx
        .insertInto('mailing_recipients')
        .values(
          recipients.slice(i, i + 500).map((r) => ({
            ...r,
            mailing_id: id,
            company_id: mailing.company_id,
            status: 'pending',
          })),
        )
        .execute();
    }
    if (attachments.length)
      await trx
        .insertInto('mailing_attachments')
        .values(attachments.map((a) => ({ ...a, mailing_id: id, company_id: mailing.company_id })))
        .execute();
    return id;
  }

  /** The language an applicant of the company wrote to it in, or null (candidateLanguage). */
  async language(companyId: number, applicantId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('applicants as a')
      .select((eb) => candidateLanguage(eb, companyId, 'a.id').as('language'))
      .where('a.company_id', '=', companyId)
      .where('a.id', '=', applicantId)
      .executeTakeFirst();
    return row?.language ?? null;
  }

  /** The files sent with a mailing's e-mails, in the order they were attached. */
  attachments(companyId: number, mailingId: number): Promise<MailingAttachment[]> {
    return this.db
      .selectFrom('mailing_attachments')
      .select(['filename', 'mime', 'size', 'storage_key'])
      .where('company_id', '=', companyId)
      .where('mailing_id', '=', mailingId)
      .orderBy('id')
      .execute();
  }

  find(companyId: number, id: number, db: Trx = this.db) {
    return db
      .selectFrom('mailings as m')
      .leftJoin('users as u', 'u.id', 'm.created_by')
      .select([
        'm.id',
        'm.company_id',
        'm.created_by',
        'm.model_name',
        'm.subject',
        'm.contents',
        'm.status',
        'm.bulk',
        'm.total',
        'm.sent',
        'm.skipped_no_email',
        'm.skipped_unsubscribed',
        'm.skipped_cancelled',
        'm.send_at',
        'm.created_at',
        'm.finished_at',
        sql<
          string | null
        >`case when u.id is null then null else ${sql.ref('u.firstname')} || ' ' || ${sql.ref('u.lastname')} end`.as(
          'created_by_name',
        ),
      ])
      .where('m.company_id', '=', companyId)
      .where('m.id', '=', id)
      .executeTakeFirst();
  }

  /**
   * The next recipients still pending, in order, with their applicant and offer, or the community
   * member (its consent: `unsubscribed_at`, `retention_until` against `now`).
   */
  async pending(
    companyId: number,
    mailingId: number,
    limit: number,
    now = new Date().toISOString(),
  ): Promise<PendingRecipient[]> {
    const rows = await this.db
      .selectFrom('mailing_recipients as r')
      .leftJoin('applicants as a', (j) =>
        j.onRef('a.id', '=', 'r.applicant_id').on('a.company_id', '=', companyId),
      )
      .leftJoin('applications as ap', (j) =>
        j.onRef('ap.id', '=', 'r.application_id').on('ap.company_id', '=', companyId),
      )
      .leftJoin('offers as o', (j) =>
        j.onRef('o.id', '=', 'ap.offer_id').on('o.company_id', '=', companyId),
      )
      .leftJoin('community_members as cm', (j) =>
        j.onRef('cm.id', '=', 'r.member_id').on('cm.company_id', '=', companyId),
      )
      // The applicant a member became (its feed gets the e-mail), if still there.
      .leftJoin('applicants as ma', (j) =>
        j.onRef('ma.id', '=', 'cm.applicant_id').on('ma.company_id', '=', companyId),
      )
      .select([
        'r.id',
        'r.applicant_id',
        'r.application_id',
        'r.member_id',
        'a.email',
        'a.email_blocked',
        'a.firstname',
        'a.lastname',
        'o.id as offer_id',
        'o.job_position as offer_title',
        'o.status as offer_status',
        (eb) => candidateLanguage(eb, companyId, 'a.id').as('language'),
        'cm.id as m_id',
        'cm.email as m_email',
        'cm.firstname as m_firstname',
        'cm.lastname as m_lastname',
        'cm.language as m_language',
        'cm.unsubscribed_at as m_unsubscribed_at',
        'cm.retention_until as m_retention_until',
        'ma.id as m_applicant_id',
      ])
      .where('r.company_id', '=', companyId)
      .where('r.mailing_id', '=', mailingId)
      .where('r.status', '=', 'pending')
      .orderBy('r.id')
      .limit(limit)
      .execute();
    const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));
    return rows.map((r) => {
      const common = {
        id: r.id,
        application_id: r.application_id,
        offer_id: r.offer_id,
        offer_title: r.offer_title,
        offer_status: r.offer_status,
      };
      if (r.member_id === null)
        return {
          ...common,
          applicant_id: r.applicant_id,
          member_id: null,
          email: r.email ?? null,
          blocked: Boolean(r.email_blocked),
          firstname: r.firstname ?? '',
          lastname: r.lastname ?? '',
          language: r.language,
        };
      // A member who left, whose consent expired, or who was erased is written to no more.
      const active =
        r.m_id !== null &&
        r.m_unsubscribed_at === null &&
        r.m_retention_until !== null &&
        iso(r.m_retention_until) > now;
      return {
        ...common,
        applicant_id: r.m_applicant_id,
        member_id: r.member_id,
        email: r.m_email ?? null,
        blocked: !active,
        firstname: r.m_firstname ?? '',
        lastname: r.m_lastname ?? '',
        language: r.m_language,
      };
    });
  }

  /** Whether recipients are still to write to. */
  async hasPending(companyId: number, mailingId: number, db: Trx = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('mailing_recipients')
      .select('id')
      .where('company_id', '=', companyId)
      .where('mailing_id', '=', mailingId)
      .where('status', '=', 'pending')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Marks recipients written to (their outbox e-mail) or skipped, and counts them on the mailing,
   * in the batch's transaction. Answers false when some were no longer pending (another worker
   * took them): the caller then rolls the whole batch back.
   */
  async settle(
    trx: Trx,
    companyId: number,
    mailingId: number,
    sent: { id: number; mailId: number }[],
    skipped: { id: number; reason: TMailingSkipReason }[],
  ): Promise<boolean> {
    let changed = 0;
    for (const s of sent) {
      const res = await trx
        .updateTable('mailing_recipients')
        .set({ status: 'sent', mail_id: s.mailId })
        .where('id', '=', s.id)
        .where('company_id', '=', companyId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      changed += Number(res.numUpdatedRows);
    }
    const reasons = [...new Set(skipped.map((s) => s.reason))];
    for (const reason of reasons) {
      const ids = skipped.filter((s) => s.reason === reason).map((s) => s.id);
      const res = await trx
        .updateTable('mailing_recipients')
        .set({ status: 'skipped', reason })
        .where('id', 'in', ids)
        .where('company_id', '=', companyId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      changed += Number(res.numUpdatedRows);
    }
    if (changed !== sent.length + skipped.length) return false;
    await trx
      .updateTable('mailings')
      .set((eb) => ({
        sent: eb('sent', '+', sent.length),
        ...Object.fromEntries(
          reasons.map((reason) => [
            SKIP_COLUMN[reason],
            eb(SKIP_COLUMN[reason], '+', skipped.filter((s) => s.reason === reason).length),
          ]),
        ),
      }))
      .where('id', '=', mailingId)
      .where('company_id', '=', companyId)
      .execute();
    return true;
  }

  setStatus(
    companyId: number,
    id: number,
    status: 'sending' | 'done' | 'cancelled',
    db: Trx = this.db,
  ) {
    return (
      db
        .updateTable('mailings')
        .set({
          status,
          ...(status === 'sending' ? {} : { finished_at: new Date().toISOString() }),
        })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        // A cancelled mailing stays cancelled.
        .where('status', '!=', 'cancelled')
        .execute()
    );
  }

  /** The recipients not yet written to are skipped (`cancelled`) and counted. */
  async cancel(companyId: number, id: number): Promise<void> {
    await this.transaction(async (trx) => {
      const res = await trx
        .updateTable('mailing_recipients')
        .set({ status: 'skipped', reason: 'cancelled' })
        .where('company_id', '=', companyId)
        .where('mailing_id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      await trx
        .updateTable('mailings')
        .set((eb) => ({
          skipped_cancelled: eb('skipped_cancelled', '+', Number(res.numUpdatedRows)),
          status: 'cancelled',
          finished_at: new Date().toISOString(),
        }))
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    });
  }

  /** The offer of an application of the company (none for a spontaneous one). */
  offerOfApplication(companyId: number, applicationId: number) {
    return this.db
      .selectFrom('applications as ap')
      .innerJoin('offers as o', 'o.id', 'ap.offer_id')
      .select(['o.id', 'o.job_position', 'o.status'])
      .where('ap.company_id', '=', companyId)
      .where('o.company_id', '=', companyId)
      .where('ap.id', '=', applicationId)
      .executeTakeFirst();
  }

  /** An applicant of the company stops receiving e-mails (the unsubscribe link). */
  async unsubscribe(companyId: number, applicantId: number): Promise<boolean> {
    const res = await this.db
      .updateTable('applicants')
      .set({ email_blocked: 'unsubscribed', email_blocked_at: new Date().toISOString() })
      .where('company_id', '=', companyId)
      .where('id', '=', applicantId)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }
}
