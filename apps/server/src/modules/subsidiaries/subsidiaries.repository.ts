import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { TSubsidiaryUserFilters } from '@embauche/contracts/subsidiaries';
import { idDifference } from '../../platform/db/id-difference.ts';
import { likePattern } from '../../platform/db/like-pattern.ts';
import type { DB } from '../../platform/db/schema.ts';
import { nameTakenAmong } from '../../platform/db/unique-name.ts';

export type SubsidiaryRow = {
  id: number;
  name: string;
  parent_id: number | null;
  archived: boolean;
  user_count: number;
};

const USER_COLUMNS = [
  'u.id',
  'u.firstname',
  'u.lastname',
  'u.email',
  'u.active',
  'u.subsidiary_id',
  's.name as subsidiary_name',
] as const;

/**
 * The only SQL of subsidiaries; every query takes the company id. `users.subsidiary_id` is written
 * here too: attaching users is this module's page (the users module reads the column).
 */
export class SubsidiariesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The pickers' list: not archived, by name. */
  list(companyId: number) {
    return this.db
      .selectFrom('subsidiaries')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where('archived', '=', false)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  /** Every subsidiary of the company with its count of attached users, by name. */
  async all(companyId: number): Promise<SubsidiaryRow[]> {
    const rows = await this.db
      .selectFrom('subsidiaries as s')
      .select((eb) => [
        's.id',
        's.name',
        's.parent_id',
        's.archived',
        eb
          .selectFrom('users as u')
          .whereRef('u.subsidiary_id', '=', 's.id')
          .where('u.company_id', '=', companyId)
          .select((c) => c.fn.countAll<number>().as('n'))
          .as('user_count'),
      ])
      .where('s.company_id', '=', companyId)
      .orderBy('s.name')
      .orderBy('s.id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      parent_id: r.parent_id,
      archived: Boolean(r.archived),
      user_count: Number(r.user_count ?? 0),
    }));
  }

  async find(companyId: number, id: number) {
    const row = await this.db
      .selectFrom('subsidiaries')
      .select(['id', 'name', 'parent_id', 'archived'])
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { ...row, archived: Boolean(row.archived) };
  }

  /** Whether another subsidiary of the company holds this name, ignoring case (nameTakenAmong). */
  async nameTaken(companyId: number, name: string, exceptId?: number): Promise<boolean> {
    const rows = await this.db
      .selectFrom('subsidiaries')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .execute();
    return nameTakenAmong(rows, name, exceptId);
  }

  /**
   * Every subsidiary of the company with its parent: the move checks for cycles on it, archiving
   * finds the subtree.
   */
  async parents(companyId: number) {
    const rows = await this.db
      .selectFrom('subsidiaries')
      .select(['id', 'parent_id', 'name', 'archived'])
      .where('company_id', '=', companyId)
      .execute();
    return rows.map((r) => ({ ...r, archived: Boolean(r.archived) }));
  }

  transaction<T>(work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** Archives (`archivedAt` set) or restores (null) these subsidiaries of the company. */
  async setArchived(
    companyId: number,
    ids: readonly number[],
    archivedAt: string | null,
    trx: Kysely<DB> = this.db,
  ): Promise<void> {
    if (!ids.length) return;
    await trx
      .updateTable('subsidiaries')
      .set({ archived: archivedAt !== null, archived_at: archivedAt })
      .where('company_id', '=', companyId)
      .where('id', 'in', [...ids])
      .execute();
  }

  async insert(companyId: number, name: string, parentId: number | null, now: string) {
    const row = await this.db
      .insertInto('subsidiaries')
      .values({ company_id: companyId, name, parent_id: parentId, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(
    companyId: number,
    id: number,
    values: {
      name?: string;
      parent_id?: number | null;
    },
  ): Promise<void> {
    await this.db
      .updateTable('subsidiaries')
      .set(values)
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }

  async subsidiaryMode(companyId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('companies')
      .select('subsidiary_mode')
      .where('id', '=', companyId)
      .executeTakeFirst();
    return Boolean(row?.subsidiary_mode);
  }

  async setSubsidiaryMode(companyId: number, on: boolean, now: string): Promise<void> {
    await this.db
      .updateTable('companies')
      .set({ subsidiary_mode: on, updated_at: now })
      .where('id', '=', companyId)
      .execute();
  }

  /** One page of the company's users (of one subsidiary when given), by name. */
  async users(companyId: number, f: TSubsidiaryUserFilters, subsidiaryId?: number) {
    let base = this.db
      .selectFrom('users as u')
      .leftJoin('subsidiaries as s', 's.id', 'u.subsidiary_id')
      .where('u.company_id', '=', companyId)
      .where((eb) => userSearch(eb, f['filter[search]']));
    if (subsidiaryId !== undefined) base = base.where('u.subsidiary_id', '=', subsidiaryId);
    const [rows, count] = await Promise.all([
      base
        .select(USER_COLUMNS)
        .orderBy('u.lastname')
        .orderBy('u.firstname')
        .orderBy('u.id')
        .limit(f.per_page)
        .offset((f.page - 1) * f.per_page)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
    ]);
    return {
      rows: rows.map((r) => ({ ...r, active: Boolean(r.active) })),
      total: Number(count?.total ?? 0),
    };
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

  /** Makes `userIds` the users attached to the subsidiary; the others attached leave it. */
  async setUsers(companyId: number, subsidiaryId: number, userIds: readonly number[], now: string) {
    return this.db.transaction().execute(async (trx) => {
      const current = (
        await trx
          .selectFrom('users')
          .select('id')
          .where('company_id', '=', companyId)
          .where('subsidiary_id', '=', subsidiaryId)
          .execute()
      ).map((r) => r.id);
      const { added, removed } = idDifference(current, userIds);
      if (removed.length)
        await trx
          .updateTable('users')
          .set({ subsidiary_id: null, updated_at: now })
          .where('company_id', '=', companyId)
          .where('id', 'in', removed)
          .execute();
      if (added.length)
        await trx
          .updateTable('users')
          .set({ subsidiary_id: subsidiaryId, updated_at: now })
          .where('company_id', '=', companyId)
          .where('id', 'in', added)
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
