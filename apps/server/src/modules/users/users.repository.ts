import type { ExpressionBuilder, Kysely } from 'kysely';
import type { TUserListFilters } from '@embauche/contracts/users';
import type { Dialect } from '../../platform/db/database.ts';
import { foldedContains, nameContains } from '../../platform/db/text-fold.ts';
import type { DB } from '../../platform/db/schema.ts';
import { newUserRow } from '../../platform/db/new-user.ts';

export type UserRow = {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  img_src: string | null;
  language: string;
  active: boolean | number;
  role_id: number | null;
  role_name: string | null;
  subsidiary_id: number | null;
  subsidiary_name: string | null;
  last_login_at: string | null;
  created_at: string;
};

export type MembershipRow = { user_id: number; id: number; name: string; level: number };

export type UserFields = {
  firstname: string;
  lastname: string;
  email: string;
  role_id: number;
  language: string;
  subsidiary_id: number | null;
};

type UsersEb = ExpressionBuilder<DB & { u: DB['users'] }, 'u'>;

/**
 * The list's filters, and for a selection (issue 42 part 2) `ids` (only those: the ticked users)
 * or `except` (less those: unticked after "select all that match").
 */
export type UserSelectionFilters = TUserListFilters & { ids?: number[]; except?: number[] };

const COLUMNS = [
  'u.id',
  'u.firstname',
  'u.lastname',
  'u.email',
  'u.img_src',
  'u.language',
  'u.active',
  'u.role_id',
  'r.name as role_name',
  'u.subsidiary_id',
  's.name as subsidiary_name',
  'u.last_login_at',
  'u.created_at',
] as const;

/** The only SQL of the users administration; every query takes the company id. */
export class UsersRepository {
  constructor(
    readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  private base(companyId: number) {
    return this.db
      .selectFrom('users as u')
      .leftJoin('roles as r', 'r.id', 'u.role_id')
      .leftJoin('subsidiaries as s', 's.id', 'u.subsidiary_id')
      .where('u.company_id', '=', companyId);
  }

  private filtered(eb: UsersEb, f: UserSelectionFilters) {
    const parts = [];
    if (f.ids?.length) parts.push(eb('u.id', 'in', f.ids));
    if (f.except?.length) parts.push(eb('u.id', 'not in', f.except));
    const q = f['filter[q]'];
    if (q) {
      // Accent- and case-blind: "helene" finds "Hélène".
      parts.push(
        eb.or([
          ...nameContains(this.dialect, eb.ref('u.firstname'), eb.ref('u.lastname'), q),
          foldedContains(this.dialect, eb.ref('u.email'), q),
        ]),
      );
    }
    const roles = f['filter[role]'];
    if (roles?.length) parts.push(eb('u.role_id', 'in', roles));
    const subsidiaries = f['filter[subsidiary]'];
    if (subsidiaries?.length) parts.push(eb('u.subsidiary_id', 'in', subsidiaries));
    if (f['filter[active]'] !== undefined) parts.push(eb('u.active', '=', f['filter[active]']));
    const groups = f['filter[group]'];
    if (groups?.length)
      parts.push(
        eb.exists(
          eb
            .selectFrom('user_group_members as m')
            .select('m.user_id')
            .whereRef('m.user_id', '=', 'u.id')
            .where('m.group_id', 'in', groups),
        ),
      );
    return eb.and(parts);
  }

  /** The list's rows in its sort (`sort`, ties on first name then id). */
  private sorted(companyId: number, f: UserSelectionFilters) {
    const desc = f.sort.startsWith('-');
    const dir = desc ? 'desc' : 'asc';
    const column = f.sort.replace(/^-/, '');
    let query = this.base(companyId)
      .select(COLUMNS)
      .where((eb) => this.filtered(eb, f));
    if (column === 'lastname')
      query = query.orderBy('u.lastname', dir).orderBy('u.firstname', dir).orderBy('u.id', dir);
    else if (column === 'email') query = query.orderBy('u.email', dir).orderBy('u.id', dir);
    else if (column === 'created_at')
      query = query.orderBy('u.created_at', dir).orderBy('u.id', dir);
    else
      // Never signed in sorts as the oldest sign-in (first going up, last going down) on both
      // databases: the order users_company_login_idx holds, walked either way.
      query = query
        .orderBy('u.last_login_at', (ob) => (desc ? ob.desc().nullsLast() : ob.asc().nullsFirst()))
        .orderBy('u.id', dir);
    return query;
  }

  /** How many users pass the filters. */
  async count(companyId: number, f: UserSelectionFilters): Promise<number> {
    const count = await this.db
      .selectFrom('users as u')
      .where('u.company_id', '=', companyId)
      .where((eb) => this.filtered(eb, f))
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirst();
    return Number(count?.total ?? 0);
  }

  /** One page of the list and the count of every match. */
  async page(companyId: number, f: TUserListFilters): Promise<{ rows: UserRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.sorted(companyId, f)
        .limit(f.per_page)
        .offset((f.page - 1) * f.per_page)
        .execute(),
      this.count(companyId, f),
    ]);
    return { rows: rows as UserRow[], total };
  }

  /** Every user that passes the filters, in the list's order, `size` at a time (exports). */
  async *batches(
    companyId: number,
    f: UserSelectionFilters,
    size: number,
  ): AsyncGenerator<UserRow[]> {
    for (let offset = 0; ; offset += size) {
      const rows = (await this.sorted(companyId, f)
        .limit(size)
        .offset(offset)
        .execute()) as UserRow[];
      if (rows.length) yield rows;
      if (rows.length < size) return;
    }
  }

  /** The users that pass the filters (a selection), by id: at most `limit`, with their state. */
  async selected(
    companyId: number,
    f: UserSelectionFilters,
    limit: number,
  ): Promise<{ id: number; active: boolean }[]> {
    const rows = await this.db
      .selectFrom('users as u')
      .select(['u.id', 'u.active'])
      .where('u.company_id', '=', companyId)
      .where((eb) => this.filtered(eb, f))
      .orderBy('u.id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id, active: Boolean(r.active) }));
  }

  async find(companyId: number, id: number): Promise<UserRow | undefined> {
    return (await this.base(companyId)
      .select(COLUMNS)
      .where('u.id', '=', id)
      .executeTakeFirst()) as UserRow | undefined;
  }

  async memberships(userIds: readonly number[]): Promise<MembershipRow[]> {
    if (!userIds.length) return [];
    return this.db
      .selectFrom('user_group_members as m')
      .innerJoin('user_groups as g', 'g.id', 'm.group_id')
      .select(['m.user_id', 'g.id', 'g.name', 'm.level'])
      .where('m.user_id', 'in', [...userIds])
      .orderBy('g.name')
      .orderBy('g.id')
      .execute();
  }

  /**
   * The company's roles, groups and subsidiaries, each by name. Archived subsidiaries are left out:
   * no form may pick them (a user who holds one keeps it, the dialog shows the user's own).
   */
  async choices(companyId: number) {
    const of = (table: 'roles' | 'user_groups') =>
      this.db
        .selectFrom(table)
        .select(['id', 'name'])
        .where('company_id', '=', companyId)
        .orderBy('name')
        .orderBy('id')
        .execute();
    const [roles, groups, subsidiaries] = await Promise.all([
      of('roles'),
      of('user_groups'),
      this.db
        .selectFrom('subsidiaries')
        .select(['id', 'name'])
        .where('company_id', '=', companyId)
        .where('archived', '=', false)
        .orderBy('name')
        .orderBy('id')
        .execute(),
    ]);
    return { roles, groups, subsidiaries };
  }

  /** Every active user of the company, by name (pickers). */
  active(companyId: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'firstname', 'lastname', 'email'])
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      .orderBy('lastname')
      .orderBy('firstname')
      .orderBy('id')
      .execute();
  }

  async emailTaken(companyId: number, email: string, exceptId?: number): Promise<boolean> {
    let q = this.db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', companyId)
      .where('email', '=', email);
    if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  /** Whether `id` is a role of the company. */
  async roleExists(companyId: number, id: number): Promise<boolean> {
    return (await this.owned('roles', companyId, [id])).length === 1;
  }

  /** Which of `ids` are rows of the company in `table`. */
  private async owned(
    table: 'roles' | 'user_groups' | 'users',
    companyId: number,
    ids: readonly number[],
  ): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .selectFrom(table)
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', 'in', [...ids])
      .execute();
    return rows.map((r) => r.id);
  }

  /** Which of `ids` are groups of the company. */
  groupIds(companyId: number, ids: readonly number[]): Promise<number[]> {
    return this.owned('user_groups', companyId, ids);
  }

  /** Which of `ids` are users of the company. */
  userIds(companyId: number, ids: readonly number[]): Promise<number[]> {
    return this.owned('users', companyId, ids);
  }

  /** A new user without a password (they set one through the reset link). */
  async insert(companyId: number, fields: UserFields, groupIds: number[], now: string) {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('users')
        .values(newUserRow({ ...fields, company_id: companyId }, now))
        .returning('id')
        .executeTakeFirstOrThrow();
      if (groupIds.length)
        await trx
          .insertInto('user_group_members')
          .values(groupIds.map((group_id) => ({ group_id, user_id: row.id })))
          .execute();
      return row.id;
    });
  }

  /** Updates the user and their groups: memberships kept keep their level. */
  async update(companyId: number, id: number, fields: UserFields, groupIds: number[], now: string) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ ...fields, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
      const current = (
        await trx
          .selectFrom('user_group_members')
          .select('group_id')
          .where('user_id', '=', id)
          .execute()
      ).map((r) => r.group_id);
      const gone = current.filter((g) => !groupIds.includes(g));
      const added = groupIds.filter((g) => !current.includes(g));
      if (gone.length)
        await trx
          .deleteFrom('user_group_members')
          .where('user_id', '=', id)
          .where('group_id', 'in', gone)
          .execute();
      if (added.length)
        await trx
          .insertInto('user_group_members')
          .values(added.map((group_id) => ({ group_id, user_id: id })))
          .execute();
    });
  }

  /** Activates or deactivates users; deactivating deletes their sessions in the same transaction. */
  async setActive(companyId: number, ids: number[], active: boolean, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ active, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute();
      if (!active) await trx.deleteFrom('sessions').where('user_id', 'in', ids).execute();
    });
  }

  /** Puts the user in the group with this level (or changes the level). */
  async setGroupLevel(userId: number, groupId: number, level: number): Promise<void> {
    await this.db
      .insertInto('user_group_members')
      .values({ user_id: userId, group_id: groupId, level })
      .onConflict((oc) => oc.columns(['group_id', 'user_id']).doUpdateSet({ level }))
      .execute();
  }
}
