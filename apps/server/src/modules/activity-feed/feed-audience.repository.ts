import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Dialect } from '../../platform/db/database.ts';
import { likePattern } from '../../platform/db/like-pattern.ts';
import type { DB } from '../../platform/db/schema.ts';
import { foldedSql } from '../../platform/db/text-fold.ts';

/**
 * Who a comment may name or reach: the company's active users, subsidiaries and groups, the users
 * who may be mentioned, and the stored audience of a private thread; every query by company.
 */
export class FeedAudienceRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

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
   * Active users who may read feeds (their role holds the permission), and the company's groups,
   * at most `limit` of each: with `words` (already folded, see foldText), those whose
   * "first last e-mail" (a group: its name) holds every word, accents and case ignored. The users
   * are read in the order of the index on (company, last name, first name, id), so the search
   * stops at the `limit`th match rather than reading every user of the company.
   */
  async mentionables(companyId: number, permission: string, words: string[], limit: number) {
    const folded = (text: Parameters<typeof foldedSql>[1]) => foldedSql(this.dialect, text);
    const holds = (text: Parameters<typeof foldedSql>[1]) =>
      words.map((w) => sql<SqlBool>`${folded(text)} like ${likePattern(w)} escape '\\'`);
    let users = this.db
      .selectFrom('users')
      .select(['id', 'firstname', 'lastname', 'email', 'img_src', 'subsidiary_id'])
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      // Per user, through the permissions' primary key (role_id, permission): an `in` over
      // every role holding the permission read the whole table, every company's roles.
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('role_permissions as rp')
            .select('rp.role_id')
            .whereRef('rp.role_id', '=', 'users.role_id')
            .where('rp.permission', '=', permission),
        ),
      );
    if (words.length)
      users = users.where((eb) =>
        eb.and(
          holds(
            sql<string>`${eb.ref('firstname')} || ' ' || ${eb.ref('lastname')} || ' ' || ${eb.ref('email')}`,
          ),
        ),
      );
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
      ])
      .where('g.company_id', '=', companyId);
    if (words.length) groups = groups.where((eb) => eb.and(holds(eb.ref('g.name'))));
    const [userRows, groupRows] = await Promise.all([
      users.orderBy('lastname').orderBy('firstname').orderBy('id').limit(limit).execute(),
      groups.orderBy('g.name').orderBy('g.id').limit(limit).execute(),
    ]);
    return {
      users: userRows,
      groups: groupRows.map((g) => ({ id: g.id, name: g.name, members: Number(g.members ?? 0) })),
    };
  }
}
