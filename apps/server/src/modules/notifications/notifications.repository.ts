import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import {
  TargetSightReader,
  userHolds,
  userOpens,
  type SightTarget,
  type TargetSight,
} from '../../platform/db/target-sight.ts';

/** A notification row as read. */
export type NotificationRow = {
  id: number;
  user_id: number;
  data: string;
  read_at: string | null;
  created_at: string;
};

/** Who may receive a notification: an active user of the company. */
type Person = { id: number; firstname: string; lastname: string; img_src: string | null };

const COLUMNS = ['id', 'user_id', 'data', 'read_at', 'created_at'] as const;

/**
 * The only SQL of notifications. Every query names the company and the user: a user reads and
 * changes only their own rows. The recipients' look-ups read the tables of the events they come
 * from (who asked for documents, who has an offer as favourite, who a transfer went to).
 */
export class NotificationsRepository {
  private readonly sights: TargetSightReader;

  constructor(private readonly db: Kysely<DB>) {
    this.sights = new TargetSightReader(db);
  }

  /**
   * A page of the user's notifications, newest (highest id) first; `beforeId` keeps those older
   * than it only, so that a client reading on from the last one it shows skips and repeats none
   * while notifications arrive, are read or are deleted.
   */
  async page(
    companyId: number,
    userId: number,
    unreadOnly: boolean,
    page: number,
    perPage: number,
    beforeId: number | null = null,
  ): Promise<{ rows: NotificationRow[]; total: number }> {
    const base = this.db
      .selectFrom('notifications')
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .$if(unreadOnly, (q) => q.where('read_at', 'is', null))
      .$if(beforeId !== null, (q) => q.where('id', '<', beforeId!));
    const [rows, count] = await Promise.all([
      base
        .select(COLUMNS)
        .orderBy('id', 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** One of the user's notifications. */
  one(companyId: number, userId: number, id: number): Promise<NotificationRow | undefined> {
    return this.db
      .selectFrom('notifications')
      .select(COLUMNS)
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Up to 5 active users of the company whose role holds `permission`, by name. */
  administrators(companyId: number, permission: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'firstname', 'lastname', 'email'])
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      .where((eb) => userHolds(eb, permission))
      .orderBy('lastname')
      .orderBy('firstname')
      .orderBy('id')
      .limit(5)
      .execute();
  }

  async unreadCount(companyId: number, userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Marks one read (`readAt`) or unread (null); false when the user has no such notification. */
  async setRead(
    companyId: number,
    userId: number,
    id: number,
    readAt: string | null,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('notifications')
      // A read notification keeps the time it was first read.
      .set({ read_at: readAt === null ? null : sql<string>`coalesce(read_at, ${readAt})` })
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async readAll(companyId: number, userId: number, readAt: string): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set({ read_at: readAt })
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .execute();
  }

  async delete(companyId: number, userId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('notifications')
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async deleteAll(companyId: number, userId: number): Promise<void> {
    await this.db
      .deleteFrom('notifications')
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .execute();
  }

  /**
   * Inserts one row per recipient in one transaction, with what `alongside` writes in it (the
   * notification's e-mails and digest queue); answers the rows written.
   */
  async insert(
    companyId: number,
    userIds: number[],
    data: string,
    alongside?: (trx: Kysely<DB>, at: string) => Promise<void>,
  ): Promise<NotificationRow[]> {
    if (!userIds.length && !alongside) return [];
    const now = new Date().toISOString();
    return this.db.transaction().execute(async (trx) => {
      const rows = userIds.length
        ? await trx
            .insertInto('notifications')
            .values(
              userIds.map((user_id) => ({
                company_id: companyId,
                user_id,
                data,
                read_at: null,
                created_at: now,
              })),
            )
            .returning(COLUMNS)
            .execute()
        : [];
      await alongside?.(trx, now);
      return rows;
    });
  }

  // ---- recipients and the names a notification shows ----------------------------------------

  /** What opening a target asks of a user (platform/db/target-sight.ts). */
  sight(companyId: number, target: SightTarget): Promise<TargetSight> {
    return this.sights.sight(companyId, target);
  }

  /**
   * The company's active users among `ids` who open the target (`sight`), and hold `permission`
   * when one is given.
   */
  async opening(
    companyId: number,
    sight: TargetSight,
    ids: number[],
    permission?: string,
  ): Promise<Set<number>> {
    if (!ids.length || !sight) return new Set();
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      .where('id', 'in', [...new Set(ids)])
      .where((eb) => userOpens(eb, sight))
      .$if(permission !== undefined, (q) => q.where((eb) => userHolds(eb, permission!)))
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** The company's active users among `ids`. */
  async activeUsers(companyId: number, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return rows.map((r) => r.id);
  }

  async person(companyId: number, id: number | null): Promise<Person | undefined> {
    if (id === null) return undefined;
    return this.db
      .selectFrom('users')
      .select(['id', 'firstname', 'lastname', 'img_src'])
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async applicant(companyId: number, id: number | null) {
    if (id === null) return undefined;
    return this.db
      .selectFrom('applicants')
      .select(['id', 'firstname', 'lastname', 'img_src'])
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async offer(companyId: number, id: number | null) {
    if (id === null) return undefined;
    return this.db
      .selectFrom('offers')
      .select(['id', 'project_id', 'job_position'])
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Who asked for the documents of a request. */
  async requester(companyId: number, requestId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('document_requests')
      .select('created_by')
      .where('company_id', '=', companyId)
      .where('id', '=', requestId)
      .executeTakeFirst();
    return row?.created_by ?? null;
  }

  /**
   * Active users who have the offer as favourite and still reach it: with project.see_all, listed
   * on its project or a folder above, or granted the offer directly or through a group (DESIGN
   * section 9).
   */
  async offerFollowers(companyId: number, offerId: number): Promise<number[]> {
    const offer = await this.offer(companyId, offerId);
    if (!offer) return [];
    const path: number[] = [];
    let projectId: number | null = offer.project_id;
    while (projectId !== null && path.length < 64 && !path.includes(projectId)) {
      path.push(projectId);
      const parent = await this.db
        .selectFrom('projects')
        .select('parent_id')
        .where('company_id', '=', companyId)
        .where('id', '=', projectId)
        .executeTakeFirst();
      projectId = parent?.parent_id ?? null;
    }
    const rows = await this.db
      .selectFrom('offer_favorites as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .select('u.id')
      .where('f.company_id', '=', companyId)
      .where('f.offer_id', '=', offerId)
      .where('u.company_id', '=', companyId)
      .where('u.active', '=', true)
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('role_permissions as rp')
              .select(sql`1`.as('one'))
              .whereRef('rp.role_id', '=', 'u.role_id')
              .where('rp.permission', '=', 'project.see_all'),
          ),
          eb.exists(
            eb
              .selectFrom('offer_users as ou')
              .select(sql`1`.as('one'))
              .whereRef('ou.user_id', '=', 'u.id')
              .where('ou.company_id', '=', companyId)
              .where('ou.offer_id', '=', offerId),
          ),
          eb.exists(
            eb
              .selectFrom('offer_groups as og')
              .innerJoin('user_group_members as ugm', 'ugm.group_id', 'og.group_id')
              .select(sql`1`.as('one'))
              .whereRef('ugm.user_id', '=', 'u.id')
              .where('og.company_id', '=', companyId)
              .where('og.offer_id', '=', offerId),
          ),
          eb.exists(
            eb
              .selectFrom('project_users as pu')
              .select(sql`1`.as('one'))
              .whereRef('pu.user_id', '=', 'u.id')
              .where('pu.company_id', '=', companyId)
              .where('pu.project_id', 'in', path),
          ),
        ]),
      )
      .execute();
    return rows.map((r) => r.id);
  }

  /** The company's active users whose e-mail is one of `emails` (case ignored). */
  async usersByEmail(companyId: number, emails: string[]): Promise<number[]> {
    const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
    if (!wanted.length) return [];
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      .where((eb) => eb(eb.fn('lower', ['email']), 'in', wanted))
      .execute();
    return rows.map((r) => r.id);
  }

  /** The active users of the company in these groups. */
  async groupMembers(companyId: number, groupIds: number[]): Promise<number[]> {
    if (!groupIds.length) return [];
    const rows = await this.db
      .selectFrom('user_group_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .innerJoin('user_groups as g', 'g.id', 'm.group_id')
      .select('u.id')
      .where('g.company_id', '=', companyId)
      .where('u.company_id', '=', companyId)
      .where('u.active', '=', true)
      .where('m.group_id', 'in', groupIds)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Those of `ids` in a private thread's audience: named in it, or of one of its subsidiaries. */
  async inAudience(
    companyId: number,
    ids: number[],
    audience: { users: number[]; subsidiaries: number[] },
  ): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'subsidiary_id'])
      .where('company_id', '=', companyId)
      .where('id', 'in', [...new Set(ids)])
      .execute();
    const users = new Set(audience.users);
    const subsidiaries = new Set(audience.subsidiaries);
    return new Set(
      rows
        .filter(
          (u) => users.has(u.id) || (u.subsidiary_id !== null && subsidiaries.has(u.subsidiary_id)),
        )
        .map((u) => u.id),
    );
  }

  /** The status's name: a company status's own name, or the default pipeline's key. */
  async statusName(companyId: number, statusId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('statuses')
      .select('name')
      .where('id', '=', statusId)
      .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]))
      .executeTakeFirst();
    return row?.name ?? null;
  }
}
