import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { TGroupListFilters, TGroupMemberFilters } from '@embauche/contracts/groups';
import { idDifference } from '../../platform/db/id-difference.ts';
import { likePattern } from '../../platform/db/like-pattern.ts';
import type { DB } from '../../platform/db/schema.ts';
import { nameTakenAmong } from '../../platform/db/unique-name.ts';

export type GroupRow = { id: number; name: string; member_count: number; created_at: string };

export type MemberRow = {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  img_src: string | null;
  active: boolean | number;
  level: number;
};

const USER_COLUMNS = [
  'u.id',
  'u.firstname',
  'u.lastname',
  'u.email',
  'u.img_src',
  'u.active',
] as const;

/** The only SQL of the groups administration; every query takes the company id. */
export class GroupsRepository {
  constructor(readonly db: Kysely<DB>) {}

  private groups(companyId: number, search: string | undefined) {
    let query = this.db.selectFrom('user_groups as g').where('g.company_id', '=', companyId);
    if (search)
      query = query.where(
        (eb) => sql<SqlBool>`lower(${eb.ref('g.name')}) like ${likePattern(search)} escape '\\'`,
      );
    return query;
  }

  private withCount(companyId: number, search?: string) {
    return this.groups(companyId, search).select((eb) => [
      'g.id',
      'g.name',
      'g.created_at',
      eb
        .selectFrom('user_group_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .whereRef('m.group_id', '=', 'g.id')
        .where('u.company_id', '=', companyId)
        .select((c) => c.fn.countAll<number>().as('n'))
        .as('member_count'),
    ]);
  }

  /** One page of the company's groups and the count of every match. */
  async page(companyId: number, f: TGroupListFilters) {
    const dir = f.sort.startsWith('-') ? 'desc' : 'asc';
    let query = this.withCount(companyId, f['filter[search]']);
    if (f.sort.endsWith('member_count')) query = query.orderBy('member_count', dir);
    query = query.orderBy(sql`lower(${sql.ref('g.name')})`, dir).orderBy('g.id', dir);
    const [rows, count] = await Promise.all([
      query
        .limit(f.per_page)
        .offset((f.page - 1) * f.per_page)
        .execute(),
      this.groups(companyId, f['filter[search]'])
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirst(),
    ]);
    return { rows: rows.map(toGroupRow), total: Number(count?.total ?? 0) };
  }

  async find(companyId: number, id: number): Promise<GroupRow | undefined> {
    const row = await this.withCount(companyId).where('g.id', '=', id).executeTakeFirst();
    return row ? toGroupRow(row) : undefined;
  }

  /** Whether another group of the company holds this name, ignoring case (nameTakenAmong). */
  async nameTaken(companyId: number, name: string, exceptId?: number): Promise<boolean> {
    const rows = await this.db
      .selectFrom('user_groups')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .execute();
    return nameTakenAmong(rows, name, exceptId);
  }

  async insert(companyId: number, name: string, now: string): Promise<number> {
    const row = await this.db
      .insertInto('user_groups')
      .values({ company_id: companyId, name, level: 0, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async rename(companyId: number, id: number, name: string): Promise<void> {
    await this.db
      .updateTable('user_groups')
      .set({ name })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }

  /**
   * Deletes the group; its memberships, the comments' mentions of it and its offer grants go by
   * their foreign keys (on delete cascade, migrations 0001, 0009 and 0030), said here too so that
   * no database setting can leave them behind.
   */
  async delete(companyId: number, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_group_members').where('group_id', '=', id).execute();
      await trx.deleteFrom('activity_feed_group_mentions').where('group_id', '=', id).execute();
      await trx.deleteFrom('offer_groups').where('group_id', '=', id).execute();
      await trx
        .deleteFrom('user_groups')
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    });
  }

  /** One page of the group's members, by name. */
  async members(companyId: number, groupId: number, f: TGroupMemberFilters) {
    const base = this.db
      .selectFrom('users as u')
      .innerJoin('user_group_members as m', 'm.user_id', 'u.id')
      .where('m.group_id', '=', groupId)
      .where('u.company_id', '=', companyId)
      .where((eb) => userSearch(eb, f['filter[search]']));
    const [rows, count] = await Promise.all([
      byName(base.select([...USER_COLUMNS, 'm.level']), f).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
    ]);
    return { rows: rows as MemberRow[], total: Number(count?.total ?? 0) };
  }

  /** One page of the company's users (active or not), by name: whom the dialog may add. */
  async users(companyId: number, f: TGroupMemberFilters) {
    const base = this.db
      .selectFrom('users as u')
      .where('u.company_id', '=', companyId)
      .where((eb) => userSearch(eb, f['filter[search]']));
    const [rows, count] = await Promise.all([
      byName(base.select(USER_COLUMNS), f).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
    ]);
    return { rows: rows as Omit<MemberRow, 'level'>[], total: Number(count?.total ?? 0) };
  }

  /** Which of `ids` are users (active or not) of the company. */
  async userIds(companyId: number, ids: readonly number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', 'in', [...ids])
      .execute();
    return rows.map((r) => r.id);
  }

  /** Makes `userIds` the members: the others leave, newcomers join as members, the rest keep their level. */
  async setMembers(groupId: number, userIds: readonly number[]) {
    return this.db.transaction().execute(async (trx) => {
      const current = (
        await trx
          .selectFrom('user_group_members')
          .select('user_id')
          .where('group_id', '=', groupId)
          .execute()
      ).map((r) => r.user_id);
      const { added, removed } = idDifference(current, userIds);
      if (removed.length)
        await trx
          .deleteFrom('user_group_members')
          .where('group_id', '=', groupId)
          .where('user_id', 'in', removed)
          .execute();
      if (added.length)
        await trx
          .insertInto('user_group_members')
          .values(added.map((user_id) => ({ group_id: groupId, user_id, level: 0 })))
          .execute();
      return { added, removed };
    });
  }
}

type UsersEb = ExpressionBuilder<DB & { u: DB['users'] }, 'u'>;

/** Users whose name ("first last" or "last first") or e-mail holds `search` (all without one). */
function userSearch(eb: UsersEb, search: string | undefined): Expression<SqlBool> {
  if (!search) return sql<SqlBool>`1 = 1`;
  const like = likePattern(search);
  return eb.or([
    sql<SqlBool>`lower(${eb.ref('u.firstname')} || ' ' || ${eb.ref('u.lastname')}) like ${like} escape '\\'`,
    sql<SqlBool>`lower(${eb.ref('u.lastname')} || ' ' || ${eb.ref('u.firstname')}) like ${like} escape '\\'`,
    sql<SqlBool>`lower(${eb.ref('u.email')}) like ${like} escape '\\'`,
  ]);
}

/** A page of users by last name, first name, id. */
function byName<Q extends SelectQueryBuilder<DB & { u: DB['users'] }, 'u', object>>(
  query: Q,
  f: { page: number; per_page: number },
): Q {
  return query
    .orderBy('u.lastname')
    .orderBy('u.firstname')
    .orderBy('u.id')
    .limit(f.per_page)
    .offset((f.page - 1) * f.per_page) as Q;
}

function toGroupRow(row: {
  id: number;
  name: string;
  created_at: unknown;
  member_count: unknown;
}): GroupRow {
  return {
    id: row.id,
    name: row.name,
    created_at:
      row.created_at instanceof Date ? row.created_at.toISOString() : String(row.created_at),
    member_count: Number(row.member_count ?? 0),
  };
}
