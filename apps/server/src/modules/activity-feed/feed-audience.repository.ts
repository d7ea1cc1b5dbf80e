import { sql, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Dialect } from '../../platform/db/database.ts';
import { likePattern } from '../../platform/db/like-pattern.ts';
import type { DB } from '../../platform/db/schema.ts';
import {
  TargetSightReader,
  userHolds,
  userOpens,
  type SightTarget,
  type TargetSight,
} from '../../platform/db/target-sight.ts';
import { foldedSql } from '../../platform/db/text-fold.ts';

/**
 * Who a comment may name or reach: the company's active users, subsidiaries and groups, the users
 * who may be mentioned, and the stored audience of a private thread; every query by company.
 */
export class FeedAudienceRepository {
  private readonly sights: TargetSightReader;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {
    this.sights = new TargetSightReader(db);
  }

  /** What opening a comment's target asks of a user (platform/db/target-sight.ts). */
  sight(companyId: number, target: SightTarget) {
    return this.sights.sight(companyId, target);
  }

  /** Users of the company among these ids, active ones only, with their subsidiary. */
  activeUsers(companyId: number, ids: number[]) {
    if (!ids.length) return Promise.resolve([] as { id: number; subsidiary_id: number | null }[]);
    return this.db
      .selectFrom('users')
      .select(['id', 'subsidiary_id'])
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      .where('id', 'in', ids)
      .execute();
  }

  /** Names of the company's users among these ids, by name. */
  people(companyId: number, ids: number[]) {
    if (!ids.length)
      return Promise.resolve([] as { id: number; firstname: string; lastname: string }[]);
    return this.db
      .selectFrom('users')
      .select(['id', 'firstname', 'lastname'])
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .orderBy('lastname')
      .orderBy('firstname')
      .orderBy('id')
      .execute();
  }

  async subsidiaryIds(companyId: number, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await this.db
      .selectFrom('subsidiaries')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** The company's groups among these ids, with their members' ids and subsidiaries. */
  async groups(companyId: number, ids: number[]) {
    if (!ids.length) return new Map<number, { id: number; subsidiary_id: number | null }[]>();
    const [groups, members] = await Promise.all([
      this.db
        .selectFrom('user_groups')
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute(),
      this.db
        .selectFrom('user_group_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.group_id', 'u.id', 'u.subsidiary_id'])
        .where('u.company_id', '=', companyId)
        .where('m.group_id', 'in', ids)
        .execute(),
    ]);
    return new Map(
      groups.map((g) => [
        g.id,
        members
          .filter((m) => m.group_id === g.id)
          .map((m) => ({ id: m.id, subsidiary_id: m.subsidiary_id })),
      ]),
    );
  }

  audienceOf(entryId: number) {
    return Promise.all([
      this.db
        .selectFrom('activity_feed_audience_users')
        .select('user_id')
        .where('entry_id', '=', entryId)
        .execute(),
      this.db
        .selectFrom('activity_feed_audience_subsidiaries')
        .select('subsidiary_id')
        .where('entry_id', '=', entryId)
        .execute(),
    ]).then(([users, subsidiaries]) => ({
      users: users.map((u) => u.user_id),
      subsidiaries: subsidiaries.map((s) => s.subsidiary_id),
    }));
  }

  userSubsidiary(companyId: number, userId: number) {
    return this.db
      .selectFrom('users')
      .select('subsidiary_id')
      .where('company_id', '=', companyId)
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * Active users who may be mentioned, and the company's groups, at most `limit` of each: with
   * `words` (already folded, see foldText), those whose "first last e-mail" (a group: its name)
   * holds every word, accents and case ignored. The users are read in the order of the index on
   * (company, last name, first name, id), so the search stops at the `limit`th match rather than
   * reading every user of the company.
   *
   * Without a target (`sight` undefined): the users whose role may read feeds. With one: those who
   * may read feeds AND open the target (`mentionable`), then up to `limit` others with the reason
   * they are not (`no_access`: they do not see the applicant or offer; `no_feed`: their role reads
   * no feed); each group with how many of its members are mentionable.
   */
  async mentionables(
    companyId: number,
    permission: string,
    words: string[],
    limit: number,
    sight?: TargetSight,
  ) {
    const folded = (text: Parameters<typeof foldedSql>[1]) => foldedSql(this.dialect, text);
    const holds = (text: Parameters<typeof foldedSql>[1]) =>
      words.map((w) => sql<SqlBool>`${folded(text)} like ${likePattern(w)} escape '\\'`);
    const base = () => {
      let users = this.db
        .selectFrom('users')
        .select(['id', 'firstname', 'lastname', 'email', 'img_src', 'subsidiary_id'])
        .where('company_id', '=', companyId)
        .where('active', '=', true);
      if (words.length)
        users = users.where((eb) =>
          eb.and(
            holds(
              sql<string>`${eb.ref('firstname')} || ' ' || ${eb.ref('lastname')} || ' ' || ${eb.ref('email')}`,
            ),
          ),
        );
      // One row more than asked tells that more match (`truncated`).
      return users
        .orderBy('lastname')
        .orderBy('firstname')
        .orderBy('id')
        .limit(limit + 1);
    };
    // Per user, through the permissions' primary key (role_id, permission): an `in` over every
    // role holding the permission read the whole table, every company's roles.
    const reads = (eb: ExpressionBuilder<DB, 'users'>) => userHolds(eb, permission);
    const reachable = (eb: ExpressionBuilder<DB, 'users'>) =>
      sight === undefined ? reads(eb) : eb.and([reads(eb), userOpens(eb, sight)]);
    const others =
      sight === undefined
        ? Promise.resolve([])
        : base()
            .select((eb) => [sql<boolean | number>`${userOpens(eb, sight)}`.as('opens')])
            .where((eb) => eb.not(reachable(eb)))
            .execute();
    let groups = this.db
      .selectFrom('user_groups as g')
      .select((eb) => [
        'g.id',
        'g.name',
        eb
          .selectFrom('user_group_members as m')
          .select((c) => c.fn.countAll<number>().as('n'))
          .whereRef('m.group_id', '=', 'g.id')
          .as('members'),
        eb
          .selectFrom('user_group_members as m')
          .innerJoin('users', 'users.id', 'm.user_id')
          .select((c) => c.fn.countAll<number>().as('n'))
          .whereRef('m.group_id', '=', 'g.id')
          .where('users.company_id', '=', companyId)
          .where('users.active', '=', true)
          .where((u) => reachable(u as unknown as ExpressionBuilder<DB, 'users'>))
          .as('reachable'),
      ])
      .where('g.company_id', '=', companyId);
    if (words.length) groups = groups.where((eb) => eb.and(holds(eb.ref('g.name'))));
    const [userRows, otherRows, groupRows] = await Promise.all([
      base().where(reachable).execute(),
      others,
      groups
        .orderBy('g.name')
        .orderBy('g.id')
        .limit(limit + 1)
        .execute(),
    ]);
    const truncated = [userRows, otherRows, groupRows].some((rows) => rows.length > limit);
    return {
      truncated,
      users: [
        ...userRows.slice(0, limit).map((u) => ({ ...u, mentionable: true, reason: null })),
        ...otherRows.slice(0, limit).map(({ opens, ...u }) => ({
          ...u,
          mentionable: false,
          reason: opens ? ('no_feed' as const) : ('no_access' as const),
        })),
      ],
      groups: groupRows.slice(0, limit).map((g) => ({
        id: g.id,
        name: g.name,
        members: Number(g.members ?? 0),
        reachable_members: Number(g.reachable ?? 0),
      })),
    };
  }
}
