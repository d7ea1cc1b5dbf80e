import { sql, type Kysely } from 'kysely';
import type { TActingListFilters } from '@embauche/contracts/acting-as';
import type { Paged } from '@embauche/contracts/paging';
import type { Dialect } from '../../platform/db/database.ts';
import { foldedContains, nameContains } from '../../platform/db/text-fold.ts';
import type { DB } from '../../platform/db/schema.ts';
import { paginate } from '../../platform/http/list-query.ts';

export type ActingCompanyRow = { id: number; social_reason: string; partner_id: number | null };
export type ActingRoleRow = { id: number; name: string; parent_id: number | null };
export type ActingUserRow = {
  id: number;
  firstname: string;
  lastname: string;
  role_id: number | null;
  role_name: string | null;
};

/**
 * The SQL of acting as someone: who may be reached (a partner: the companies whose `partner_id` is
 * its own), and what the switchers list. A user reachable by acting is active, of the company and
 * never a super administrator.
 */
export class ActingAsRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  /** The real person's partner account (null: none), read from the account itself. */
  async partnerOf(userId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('users')
      .select('partner_id')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.partner_id ?? null;
  }

  /** A company, limited to a partner's linked companies when `partnerId` is given. */
  async company(companyId: number, partnerId?: number): Promise<ActingCompanyRow | undefined> {
    let query = this.db
      .selectFrom('companies')
      .select(['id', 'social_reason', 'partner_id'])
      .where('id', '=', companyId);
    if (partnerId !== undefined) query = query.where('partner_id', '=', partnerId);
    return query.executeTakeFirst();
  }

  /** The root of the company's roles tree (the company's administrator role). */
  async rootRole(companyId: number): Promise<ActingRoleRow | undefined> {
    return this.db
      .selectFrom('roles')
      .select(['id', 'name', 'parent_id'])
      .where('company_id', '=', companyId)
      .where('parent_id', 'is', null)
      .orderBy('id')
      .executeTakeFirst();
  }

  async role(roleId: number, companyId: number): Promise<ActingRoleRow | undefined> {
    return this.db
      .selectFrom('roles')
      .select(['id', 'name', 'parent_id'])
      .where('id', '=', roleId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
  }

  async roles(companyId: number): Promise<ActingRoleRow[]> {
    return this.db
      .selectFrom('roles')
      .select(['id', 'name', 'parent_id'])
      .where('company_id', '=', companyId)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  private users(companyId: number) {
    return this.db
      .selectFrom('users as u')
      .leftJoin('roles as r', 'r.id', 'u.role_id')
      .where('u.company_id', '=', companyId)
      .where('u.active', '=', true)
      .where('u.super_admin', '=', false);
  }

  /** A user one may act as: active, of the company, not a super administrator. */
  async user(userId: number, companyId: number): Promise<ActingUserRow | undefined> {
    return this.users(companyId)
      .select(['u.id', 'u.firstname', 'u.lastname', 'u.role_id', 'r.name as role_name'])
      .where('u.id', '=', userId)
      .executeTakeFirst();
  }

  /** Anyone's name and role, for the current user of a session (the real person included). */
  async person(userId: number): Promise<ActingUserRow | undefined> {
    return this.db
      .selectFrom('users as u')
      .leftJoin('roles as r', 'r.id', 'u.role_id')
      .select(['u.id', 'u.firstname', 'u.lastname', 'u.role_id', 'r.name as role_name'])
      .where('u.id', '=', userId)
      .executeTakeFirst();
  }

  async companiesPage(
    f: TActingListFilters,
    partnerId: number | null,
  ): Promise<Paged<ActingCompanyRow>> {
    let query = this.db.selectFrom('companies').select(['id', 'social_reason', 'partner_id']);
    if (partnerId !== null) query = query.where('partner_id', '=', partnerId);
    const search = f['filter[search]'];
    if (search)
      query = query.where(foldedContains(this.dialect, sql.ref<string>('social_reason'), search));
    return paginate(query.orderBy('social_reason').orderBy('id'), f.page, f.per_page);
  }

  async usersPage(companyId: number, f: TActingListFilters): Promise<Paged<ActingUserRow>> {
    let query = this.users(companyId).select([
      'u.id',
      'u.firstname',
      'u.lastname',
      'u.role_id',
      'r.name as role_name',
    ]);
    const search = f['filter[search]'];
    if (search) {
      query = query.where((eb) =>
        eb.or([
          ...nameContains(this.dialect, eb.ref('u.firstname'), eb.ref('u.lastname'), search),
          foldedContains(this.dialect, eb.ref('u.email'), search),
        ]),
      );
    }
    return paginate(
      query.orderBy('u.lastname').orderBy('u.firstname').orderBy('u.id'),
      f.page,
      f.per_page,
    );
  }
}
