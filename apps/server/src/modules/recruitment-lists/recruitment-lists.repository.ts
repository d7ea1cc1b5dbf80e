import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type {
  TRecruitmentListSort,
  TRecruitmentListSource,
} from '@embauche/contracts/recruitment-lists';
import type { Dialect } from '../../platform/db/database.ts';
import { foldedContains, nameContains } from '../../platform/db/text-fold.ts';
import {
  seesApplicantId,
  visibleApplicant,
  type ApplicantScope,
} from '../applicants/applicant-scope.ts';
import type { DB } from '../../platform/db/schema.ts';

export type ListRow = {
  id: number;
  company_id: number;
  creator_id: number;
  name: string;
  description: string | null;
  private: boolean | number;
  collaborative: boolean | number;
  applicant_amount: number;
  created_at: string;
  updated_at: string;
  creator_firstname: string;
  creator_lastname: string;
};

export type ListFields = {
  name: string;
  description: string | null;
  private: boolean;
  collaborative: boolean;
};

export type SharedUserRow = {
  list_id: number;
  id: number;
  firstname: string;
  lastname: string;
  img_src: string | null;
};

type Page = { limit: number; offset: number };

/** Names sort without regard to case (SQLite and PostgreSQL's C collation put capitals first). */
const SORTS: Record<
  TRecruitmentListSort,
  { column: 'created_at' | 'name' | 'applicant_amount'; dir: 'asc' | 'desc' }
> = {
  date_desc: { column: 'created_at', dir: 'desc' },
  date_asc: { column: 'created_at', dir: 'asc' },
  name_asc: { column: 'name', dir: 'asc' },
  name_desc: { column: 'name', dir: 'desc' },
  applicant_amount_desc: { column: 'applicant_amount', dir: 'desc' },
  applicant_amount_asc: { column: 'applicant_amount', dir: 'asc' },
};

type ListEb = ExpressionBuilder<DB & { l: DB['recruitment_lists'] }, 'l'>;

/**
 * The only SQL of recruitment lists. Every query takes the company id; "visible" is the rule of
 * the module: the creator's lists, and the shared (not private) lists naming the user. A list's
 * members are read only through `seenEntries`: the applicants the reader sees elsewhere.
 */
export class RecruitmentListsRepository {
  constructor(
    readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  /** The applicant's name, either way round, holds `search`, blind to accents and case. */
  private nameMatches(eb: ExpressionBuilder<DB, 'applicants'>, search: string) {
    return eb.or(
      nameContains(
        this.dialect,
        eb.ref('applicants.firstname'),
        eb.ref('applicants.lastname'),
        search,
      ),
    );
  }

  private sharedWith(eb: ListEb, userId: number): Expression<SqlBool> {
    return eb.and([
      eb('l.private', '=', false),
      eb.exists(
        eb
          .selectFrom('recruitment_list_users as u')
          .select('u.list_id')
          .whereRef('u.list_id', '=', 'l.id')
          .where('u.user_id', '=', userId),
      ),
    ]);
  }

  private visible(eb: ListEb, userId: number, source: TRecruitmentListSource | undefined) {
    switch (source) {
      case 'own_private':
        return eb.and([eb('l.creator_id', '=', userId), eb('l.private', '=', true)]);
      case 'own_shared':
        return eb.and([eb('l.creator_id', '=', userId), eb('l.private', '=', false)]);
      case 'shared':
        return eb.and([eb('l.creator_id', '<>', userId), this.sharedWith(eb, userId)]);
      default:
        return eb.or([eb('l.creator_id', '=', userId), this.sharedWith(eb, userId)]);
    }
  }

  private base(companyId: number) {
    return this.db
      .selectFrom('recruitment_lists as l')
      .innerJoin('users as c', 'c.id', 'l.creator_id')
      .where('l.company_id', '=', companyId)
      .select([
        'l.id',
        'l.company_id',
        'l.creator_id',
        'l.name',
        'l.description',
        'l.private',
        'l.collaborative',
        'l.applicant_amount',
        'l.created_at',
        'l.updated_at',
        'c.firstname as creator_firstname',
        'c.lastname as creator_lastname',
      ]);
  }

  /** The company's list, whoever may see it (the service decides). */
  async find(companyId: number, id: number): Promise<ListRow | undefined> {
    return this.base(companyId).where('l.id', '=', id).executeTakeFirst();
  }

  /** Whether the list is shared with the user. */
  async isSharedWith(listId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('recruitment_list_users')
      .select('list_id')
      .where('list_id', '=', listId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A page of the lists the user sees, and their total. */
  async page(
    companyId: number,
    userId: number,
    f: { source?: TRecruitmentListSource | undefined; search?: string | undefined },
    sort: TRecruitmentListSort,
    page: Page,
  ): Promise<{ rows: ListRow[]; total: number }> {
    const where = (eb: ListEb) => {
      const parts: Expression<SqlBool>[] = [this.visible(eb, userId, f.source)];
      if (f.search) parts.push(foldedContains(this.dialect, eb.ref('l.name'), f.search));
      return eb.and(parts);
    };
    const { column, dir } = SORTS[sort];
    const [rows, count] = await Promise.all([
      this.base(companyId)
        .where(where)
        .orderBy(column === 'name' ? sql`lower(l.name)` : sql.ref(`l.${column}`), dir)
        .orderBy('l.id', dir)
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      this.db
        .selectFrom('recruitment_lists as l')
        .where('l.company_id', '=', companyId)
        .where(where)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** The users each list is shared with, by name. */
  async sharedUsers(listIds: number[]): Promise<SharedUserRow[]> {
    if (!listIds.length) return [];
    return this.db
      .selectFrom('recruitment_list_users as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.list_id', 'u.id', 'u.firstname', 'u.lastname', 'u.img_src'])
      .where('s.list_id', 'in', listIds)
      .orderBy('u.lastname')
      .orderBy('u.firstname')
      .orderBy('u.id')
      .execute();
  }

  /** Per list, the entries whose applicant was erased. */
  async archivedCounts(listIds: number[]): Promise<Map<number, number>> {
    if (!listIds.length) return new Map();
    const rows = await this.db
      .selectFrom('recruitment_list_applicants')
      .select(['list_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('list_id', 'in', listIds)
      .where('applicant_id', 'is', null)
      .groupBy('list_id')
      .execute();
    return new Map(rows.map((r) => [r.list_id, Number(r.n)]));
  }

  /**
   * The list's entries whose applicant the scope sees (docs/security.md "Who sees which
   * applicants"): the one rule of every read of a list's members. Erased entries never join.
   * Each entry is probed (its applicant's applications, by the index of migration 0015) as the
   * list's index is walked in its order: a page costs its rows, not the scope's every applicant.
   */
  private seenEntries(listId: number, scope: ApplicantScope) {
    return this.db
      .selectFrom('recruitment_list_applicants as e')
      .innerJoin('applicants', 'applicants.id', 'e.applicant_id')
      .where('e.list_id', '=', listId)
      .where('applicants.company_id', '=', scope.companyId)
      .where((eb) => seesApplicantId(eb.ref('e.applicant_id'), scope));
  }

  /** The ids of the list's applicants that the scope sees, last added first. */
  async applicantIds(listId: number, scope: ApplicantScope): Promise<number[]> {
    const rows = await this.seenEntries(listId, scope)
      .select('applicants.id')
      .orderBy('e.added_at', 'desc')
      .orderBy('e.id', 'desc')
      .execute();
    return rows.map((r) => r.id);
  }

  /** The list's entries, and those whose applicant is still there (not erased). */
  async entryCounts(listId: number): Promise<{ entries: number; present: number }> {
    // Read from the (list_id, applicant_id) unique index alone.
    const row = await this.db
      .selectFrom('recruitment_list_applicants')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('entries'),
        eb.fn.count<number | string>('applicant_id').as('present'),
      ])
      .where('list_id', '=', listId)
      .executeTakeFirstOrThrow();
    return { entries: Number(row.entries), present: Number(row.present) };
  }

  /**
   * How many of the list's applicants the scope sees (named like `search`). Only the entries are
   * in the FROM, so that SQLite walks the list's index and probes each entry by key (a join let
   * it walk every applicant of the company instead). Without a search, the entry's applications
   * alone answer (theirs are of the company: the probe checks it), and with project.see_all the
   * entries not erased (an entry only ever names an applicant of its list's company).
   */
  async seenCount(
    listId: number,
    scope: ApplicantScope,
    search?: string | undefined,
  ): Promise<number> {
    let q = this.db
      .selectFrom('recruitment_list_applicants as e')
      .where('e.list_id', '=', listId)
      .where('e.applicant_id', 'is not', null);
    if (search)
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('applicants')
            .select('applicants.id')
            .whereRef('applicants.id', '=', 'e.applicant_id')
            .where('applicants.company_id', '=', scope.companyId)
            .where((a) => this.nameMatches(a, search)),
        ),
      );
    const row = await q
      .where((eb) => seesApplicantId(eb.ref('e.applicant_id'), scope))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * A page of the list's applicants that the scope sees, last added first, and their total;
   * `search` on the name.
   */
  async applicants(listId: number, scope: ApplicantScope, search: string | undefined, page: Page) {
    let q = this.seenEntries(listId, scope);
    if (search) q = q.where((eb) => this.nameMatches(eb, search));
    const [rows, total] = await Promise.all([
      q
        .leftJoin('users as u', 'u.id', 'e.added_by')
        .select([
          'applicants.id',
          'applicants.firstname',
          'applicants.lastname',
          'applicants.email',
          'applicants.img_src',
          'e.added_at',
          'u.id as added_by_id',
          'u.firstname as added_by_firstname',
          'u.lastname as added_by_lastname',
        ])
        .orderBy('e.added_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      this.seenCount(listId, scope, search),
    ]);
    return { rows, total };
  }

  /**
   * "All that match" (issue 42 part 2): the list's applicants that the scope sees, named like
   * `search` (the page's own conditions), but `except`.
   */
  private selected(
    listId: number,
    scope: ApplicantScope,
    search: string | undefined,
    except: number[],
  ) {
    let q = this.seenEntries(listId, scope);
    if (search) q = q.where((eb) => this.nameMatches(eb, search));
    if (except.length) q = q.where('applicants.id', 'not in', except);
    return q;
  }

  async selectionCount(
    listId: number,
    scope: ApplicantScope,
    search: string | undefined,
    except: number[],
  ): Promise<number> {
    const row = await this.selected(listId, scope, search, except)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The next `limit` selected applicant ids after `after`, in id order (a keyset walk). */
  async selectionIdsAfter(
    listId: number,
    scope: ApplicantScope,
    search: string | undefined,
    except: number[],
    after: number,
    limit: number,
  ): Promise<number[]> {
    const rows = await this.selected(listId, scope, search, except)
      .where('applicants.id', '>', after)
      .select('applicants.id')
      .orderBy('applicants.id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The company's active users among `ids`. */
  async activeUserIds(companyId: number, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The applicants among `ids` that the scope sees (of its company, inside the user's scope). */
  async seenApplicantIds(scope: ApplicantScope, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .selectFrom('applicants')
      .select('applicants.id')
      .where('applicants.company_id', '=', scope.companyId)
      .where('applicants.id', 'in', ids)
      .where((eb) => visibleApplicant(eb, scope))
      .execute();
    return rows.map((r) => r.id);
  }

  /** A page of the company's active users but `exceptId`, by name; `search` on the name. */
  async users(companyId: number, exceptId: number, search: string | undefined, page: Page) {
    let q = this.db
      .selectFrom('users as u')
      .where('u.company_id', '=', companyId)
      .where('u.active', '=', true)
      .where('u.id', '<>', exceptId);
    if (search) {
      q = q.where((eb) =>
        eb.or(nameContains(this.dialect, eb.ref('u.firstname'), eb.ref('u.lastname'), search)),
      );
    }
    const [rows, count] = await Promise.all([
      q
        .select(['u.id', 'u.firstname', 'u.lastname', 'u.img_src'])
        .orderBy('u.lastname')
        .orderBy('u.firstname')
        .orderBy('u.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Creates the list and its sharing in one transaction; answers its id. */
  async create(
    companyId: number,
    creatorId: number,
    fields: ListFields,
    userIds: number[],
  ): Promise<number> {
    const now = new Date().toISOString();
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('recruitment_lists')
        .values({
          company_id: companyId,
          creator_id: creatorId,
          ...fields,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (userIds.length)
        await trx
          .insertInto('recruitment_list_users')
          .values(userIds.map((user_id) => ({ list_id: row.id, user_id })))
          .execute();
      return row.id;
    });
  }

  /** Updates the list and replaces its sharing in one transaction. */
  async update(companyId: number, id: number, fields: ListFields, userIds: number[]) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('recruitment_lists')
        .set({ ...fields, updated_at: new Date().toISOString() })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('recruitment_list_users').where('list_id', '=', id).execute();
      if (userIds.length)
        await trx
          .insertInto('recruitment_list_users')
          .values(userIds.map((user_id) => ({ list_id: id, user_id })))
          .execute();
    });
  }

  async delete(companyId: number, id: number): Promise<void> {
    await this.db
      .deleteFrom('recruitment_lists')
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }

  /**
   * Adds the applicants not there yet and raises the counter by the number of rows actually
   * inserted, in one transaction (the counter row's lock orders concurrent changes).
   */
  async addApplicants(listId: number, applicantIds: number[], userId: number): Promise<number> {
    const now = new Date().toISOString();
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('recruitment_list_applicants')
        .values(
          applicantIds.map((applicant_id) => ({
            list_id: listId,
            applicant_id,
            added_by: userId,
            added_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['list_id', 'applicant_id']).doNothing())
        .returning('id')
        .execute();
      await this.bump(trx, listId, inserted.length, now);
      return inserted.length;
    });
  }

  /** Removes the applicants and lowers the counter by the rows deleted, in one transaction. */
  async removeApplicants(listId: number, applicantIds: number[]): Promise<number> {
    const now = new Date().toISOString();
    return this.db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom('recruitment_list_applicants')
        .where('list_id', '=', listId)
        .where('applicant_id', 'in', applicantIds)
        .returning('id')
        .execute();
      await this.bump(trx, listId, -deleted.length, now);
      return deleted.length;
    });
  }

  private async bump(trx: Kysely<DB>, listId: number, by: number, now: string) {
    if (by === 0) return;
    await trx
      .updateTable('recruitment_lists')
      .set((eb) => ({ applicant_amount: eb('applicant_amount', '+', by), updated_at: now }))
      .where('id', '=', listId)
      .execute();
  }
}
