import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { nowIso } from '../../platform/db/database.ts';
import type { ProjectRow } from './project-forest.ts';

const PROJECT_COLUMNS = [
  'id',
  'parent_id',
  'name',
  'type',
  'subsidiary_id',
  'documents_enabled',
  'created_at',
  'updated_at',
] as const;

function toRow<T extends { documents_enabled: boolean | number }>(row: T) {
  return { ...row, documents_enabled: Boolean(row.documents_enabled) };
}

const USER_COLUMNS = [
  'users.id',
  'users.firstname',
  'users.lastname',
  'users.email',
  'users.img_src',
  'users.subsidiary_id',
] as const;

/** Projects, their favourites and users; every query is keyed by the company id. */
export class ProjectsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The company's projects, unordered: ProjectForest orders them by name as French readers expect. */
  async all(companyId: number): Promise<ProjectRow[]> {
    const rows = await this.db
      .selectFrom('projects')
      .select(PROJECT_COLUMNS)
      .where('company_id', '=', companyId)
      .execute();
    return rows.map(toRow);
  }

  async find(companyId: number, id: number): Promise<ProjectRow | undefined> {
    const row = await this.db
      .selectFrom('projects')
      .select(PROJECT_COLUMNS)
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toRow(row);
  }

  async grantedProjectIds(companyId: number, userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('project_users')
      .select('project_id')
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => r.project_id);
  }

  async favoriteIds(companyId: number, userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('project_favorites')
      .select('project_id')
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => r.project_id);
  }

  /**
   * Per project: offers not archived, and their applications still `new` (status 1) read from
   * offer_counters (migration 0008), in one pass over the company's offers.
   */
  async projectCounts(
    companyId: number,
  ): Promise<{ offers: Map<number, number>; toTreat: Map<number, number> }> {
    // Two reads of one index each, at once: the offers per project (offers_company_project_idx)
    // and their applications to treat (offer_counters_project_idx, migration 0035). An offer
    // without applications has no counter row, and nothing to treat.
    const [offers, toTreat] = await Promise.all([
      this.db
        .selectFrom('offers')
        .select((eb) => ['offers.project_id', eb.fn.countAll<number>().as('n')])
        .where('offers.company_id', '=', companyId)
        .where('offers.archived', '=', false)
        .groupBy('offers.project_id')
        .execute(),
      this.db
        .selectFrom('offer_counters')
        .select((eb) => [
          'offer_counters.project_id',
          eb.fn.sum<number>('offer_counters.to_treat').as('n'),
        ])
        .where('offer_counters.company_id', '=', companyId)
        .where('offer_counters.archived', '=', false)
        .groupBy('offer_counters.project_id')
        .execute(),
    ]);
    return {
      offers: new Map(offers.map((r) => [r.project_id, Number(r.n)])),
      toTreat: new Map(
        toTreat.flatMap((r) => (r.project_id === null ? [] : [[r.project_id, Number(r.n ?? 0)]])),
      ),
    };
  }

  async insert(values: {
    company_id: number;
    parent_id: number | null;
    name: string;
    type: number;
    subsidiary_id: number | null;
    documents_enabled: boolean;
    created_by: number;
  }): Promise<number> {
    const now = nowIso();
    const row = await this.db
      .insertInto('projects')
      .values({ ...values, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(
    companyId: number,
    id: number,
    values: Partial<
      Pick<ProjectRow, 'name' | 'type' | 'parent_id' | 'subsidiary_id' | 'documents_enabled'>
    >,
  ): Promise<void> {
    await this.db
      .updateTable('projects')
      .set({ ...values, updated_at: nowIso() })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }

  /** Deletes the project unless something still hangs under it; answers whether it did. */
  async deleteIfEmpty(companyId: number, id: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (await this.holdsAnything(trx, companyId, id)) return false;
      await trx
        .deleteFrom('projects')
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
      return true;
    });
  }

  private async holdsAnything(trx: Transaction<DB>, companyId: number, id: number) {
    const child = await trx
      .selectFrom('projects')
      .select('id')
      .where('company_id', '=', companyId)
      .where('parent_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    const offer = await trx
      .selectFrom('offers')
      .select('id')
      .where('company_id', '=', companyId)
      .where('project_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    return child !== undefined || offer !== undefined;
  }

  async hasOffers(companyId: number, id: number): Promise<boolean> {
    const offer = await this.db
      .selectFrom('offers')
      .select('id')
      .where('company_id', '=', companyId)
      .where('project_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    return offer !== undefined;
  }

  async addFavorite(companyId: number, userId: number, projectId: number): Promise<void> {
    await this.db
      .insertInto('project_favorites')
      .values({
        company_id: companyId,
        user_id: userId,
        project_id: projectId,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.columns(['user_id', 'project_id']).doNothing())
      .execute();
  }

  async removeFavorite(companyId: number, userId: number, projectId: number): Promise<void> {
    await this.db
      .deleteFrom('project_favorites')
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .where('project_id', '=', projectId)
      .execute();
  }

  /** Active users of the company, optionally of one subsidiary (or of none). */
  users(companyId: number, subsidiaryId?: number) {
    let query = this.db
      .selectFrom('users')
      .select(USER_COLUMNS)
      .where('users.company_id', '=', companyId)
      .where('users.active', '=', true);
    if (subsidiaryId !== undefined) {
      query = query.where((eb) =>
        eb.or([
          eb('users.subsidiary_id', '=', subsidiaryId),
          eb('users.subsidiary_id', 'is', null),
        ]),
      );
    }
    return query.orderBy('users.lastname').orderBy('users.firstname').orderBy('users.id').execute();
  }

  /** Users whose role holds `permission`. */
  async userIdsWithPermission(companyId: number, permission: string): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('users')
      .innerJoin('role_permissions', 'role_permissions.role_id', 'users.role_id')
      .select('users.id')
      .where('users.company_id', '=', companyId)
      .where('role_permissions.permission', '=', permission)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  async userIdsOfProjects(companyId: number, projectIds: number[]): Promise<Set<number>> {
    if (!projectIds.length) return new Set();
    const rows = await this.db
      .selectFrom('project_users')
      .select('user_id')
      .where('company_id', '=', companyId)
      .where('project_id', 'in', projectIds)
      .execute();
    return new Set(rows.map((r) => r.user_id));
  }

  async countUsers(companyId: number, ids: number[]): Promise<number> {
    if (!ids.length) return 0;
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async setProjectUsers(companyId: number, projectId: number, userIds: number[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('project_users')
        .where('company_id', '=', companyId)
        .where('project_id', '=', projectId)
        .execute();
      if (userIds.length) {
        await trx
          .insertInto('project_users')
          .values(
            userIds.map((user_id) => ({ company_id: companyId, project_id: projectId, user_id })),
          )
          .execute();
      }
    });
  }
}
