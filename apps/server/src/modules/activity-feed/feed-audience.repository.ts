import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/**
 * Who a comment may name or reach: the company's active users, subsidiaries and groups, the users
 * who may be mentioned, and the stored audience of a private thread; every query by company.
 */
export class FeedAudienceRepository {
  constructor(private readonly db: Kysely<DB>) {}

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

  /** Active users who may read feeds (their role holds the permission), and the company's groups. */
  async mentionables(companyId: number, permission: string) {
    const [users, groups] = await Promise.all([
      this.db
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
        )
        .orderBy('lastname')
        .orderBy('firstname')
        .orderBy('id')
        .execute(),
      this.db
        .selectFrom('user_groups as g')
        .leftJoin('user_group_members as m', 'm.group_id', 'g.id')
        .select((eb) => ['g.id', 'g.name', eb.fn.count<number>('m.user_id').as('members')])
        .where('g.company_id', '=', companyId)
        .groupBy(['g.id', 'g.name'])
        .orderBy('g.name')
        .execute(),
    ]);
    return { users, groups: groups.map((g) => ({ ...g, members: Number(g.members) })) };
  }
}
