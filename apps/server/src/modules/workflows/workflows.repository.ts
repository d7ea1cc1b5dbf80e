import { sql, type Kysely, type SqlBool } from 'kysely';
import type { TWorkflowAssignmentFilters } from '@embauche/contracts/workflows';
import { likePattern } from '../../platform/db/like-pattern.ts';
import type { DB } from '../../platform/db/schema.ts';
import { paginate } from '../../platform/http/list-query.ts';

export type StatusRow = {
  id: number;
  company_id: number | null;
  name: string;
  default_status: boolean;
  label: string | null;
  color: string | null;
  hidden: boolean;
};

export type MotifRow = {
  id: number;
  company_id: number | null;
  name: string;
  default_motif: boolean;
  label: string | null;
  status_id: number | null;
  hidden: boolean;
};

/** Workflows, the company's status and motif settings, and what holds them. */
export class WorkflowsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Every status of the company (the defaults, then its own, by id) with its settings. */
  async statuses(companyId: number): Promise<StatusRow[]> {
    const rows = await this.db
      .selectFrom('statuses')
      .leftJoin('company_status_settings as s', (join) =>
        join.onRef('s.status_id', '=', 'statuses.id').on('s.company_id', '=', companyId),
      )
      .select([
        'statuses.id',
        'statuses.company_id',
        'statuses.name',
        'statuses.default_status',
        's.name as label',
        's.color',
        's.hidden',
      ])
      .where((eb) =>
        eb.or([eb('statuses.company_id', 'is', null), eb('statuses.company_id', '=', companyId)]),
      )
      .orderBy('statuses.id')
      .execute();
    return rows.map((r) => ({
      ...r,
      default_status: Boolean(r.default_status),
      hidden: Boolean(r.hidden),
    }));
  }

  async motifs(companyId: number): Promise<MotifRow[]> {
    const rows = await this.db
      .selectFrom('motifs')
      .leftJoin('company_motif_settings as s', (join) =>
        join.onRef('s.motif_id', '=', 'motifs.id').on('s.company_id', '=', companyId),
      )
      .select([
        'motifs.id',
        'motifs.company_id',
        'motifs.name',
        'motifs.default_motif',
        'motifs.status_id',
        'motifs.hidden',
        's.name as label',
        's.hidden as setting_hidden',
      ])
      .where((eb) =>
        eb.or([eb('motifs.company_id', 'is', null), eb('motifs.company_id', '=', companyId)]),
      )
      .orderBy('motifs.id')
      .execute();
    return rows.map(({ setting_hidden, ...r }) => ({
      ...r,
      default_motif: Boolean(r.default_motif),
      hidden: Boolean(r.hidden) || Boolean(setting_hidden),
    }));
  }

  /** How many of the company's applications hold each status, or each motif. */
  async countsBy(companyId: number, column: 'status_id' | 'motif_id') {
    const rows = await this.db
      .selectFrom('applications')
      .select([column, (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('company_id', '=', companyId)
      .where(column, 'is not', null)
      .groupBy(column)
      .execute();
    return new Map(rows.map((r) => [Number(r[column as keyof typeof r]), Number(r.n)]));
  }

  async countHolding(companyId: number, column: 'status_id' | 'motif_id', id: number) {
    const row = await this.db
      .selectFrom('applications')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('company_id', '=', companyId)
      .where(column, '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insertStatus(companyId: number, name: string, now: string) {
    const row = await this.db
      .insertInto('statuses')
      .values({ company_id: companyId, name, default_status: false, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async renameOwnStatus(companyId: number, id: number, name: string) {
    await this.db
      .updateTable('statuses')
      .set({ name })
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .execute();
  }

  async saveStatusSetting(
    companyId: number,
    statusId: number,
    setting: { name: string | null; color: string | null; hidden: boolean },
  ) {
    await this.db
      .insertInto('company_status_settings')
      .values({ company_id: companyId, status_id: statusId, ...setting })
      .onConflict((oc) => oc.columns(['company_id', 'status_id']).doUpdateSet(setting))
      .execute();
  }

  async deleteOwnStatus(companyId: number, id: number) {
    await this.db
      .deleteFrom('workflow_statuses')
      .where('company_id', '=', companyId)
      .where('status_id', '=', id)
      .execute();
    await this.db
      .deleteFrom('company_status_settings')
      .where('company_id', '=', companyId)
      .where('status_id', '=', id)
      .execute();
    await this.db
      .deleteFrom('motifs')
      .where('company_id', '=', companyId)
      .where('status_id', '=', id)
      .execute();
    await this.db
      .deleteFrom('statuses')
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .execute();
  }

  async insertMotif(companyId: number, name: string, statusId: number | null, now: string) {
    const row = await this.db
      .insertInto('motifs')
      .values({
        company_id: companyId,
        name,
        default_motif: false,
        status_id: statusId,
        hidden: false,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateOwnMotif(companyId: number, id: number, set: { name: string; hidden: boolean }) {
    await this.db
      .updateTable('motifs')
      .set(set)
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .execute();
  }

  async saveMotifSetting(
    companyId: number,
    motifId: number,
    setting: { name: string | null; hidden: boolean },
  ) {
    await this.db
      .insertInto('company_motif_settings')
      .values({ company_id: companyId, motif_id: motifId, ...setting })
      .onConflict((oc) => oc.columns(['company_id', 'motif_id']).doUpdateSet(setting))
      .execute();
  }

  async deleteOwnMotif(companyId: number, id: number) {
    await this.db
      .deleteFrom('motifs')
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .execute();
  }

  // Workflows.

  async workflows(companyId: number) {
    const rows = await this.db
      .selectFrom('workflows')
      .select(['id', 'name', 'is_default'])
      .where('company_id', '=', companyId)
      .execute();
    const statuses = await this.db
      .selectFrom('workflow_statuses')
      .select(['workflow_id', 'status_id'])
      .where('company_id', '=', companyId)
      .orderBy('workflow_id')
      .orderBy('position')
      .execute();
    const [offers, projects] = await Promise.all([
      this.useCounts(companyId, 'offers'),
      this.useCounts(companyId, 'projects'),
    ]);
    return rows.map((w) => ({
      id: w.id,
      name: w.name,
      is_default: Boolean(w.is_default),
      status_ids: statuses.filter((s) => s.workflow_id === w.id).map((s) => s.status_id),
      offer_count: offers.get(w.id) ?? 0,
      project_count: projects.get(w.id) ?? 0,
    }));
  }

  private async useCounts(companyId: number, table: 'offers' | 'projects') {
    const rows = await this.db
      .selectFrom(table)
      .select(['workflow_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('company_id', '=', companyId)
      .where('workflow_id', 'is not', null)
      .groupBy('workflow_id')
      .execute();
    return new Map(rows.map((r) => [Number(r.workflow_id), Number(r.n)]));
  }

  /** The ordered status ids of a workflow of the company. */
  async workflowStatusIds(companyId: number, workflowId: number) {
    const rows = await this.db
      .selectFrom('workflow_statuses')
      .select('status_id')
      .where('company_id', '=', companyId)
      .where('workflow_id', '=', workflowId)
      .orderBy('position')
      .execute();
    return rows.map((r) => r.status_id);
  }

  async defaultWorkflowId(companyId: number) {
    const row = await this.db
      .selectFrom('workflows')
      .select('id')
      .where('company_id', '=', companyId)
      .where('is_default', '=', true)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** The workflow an offer follows: its own, else its project's (null: the company default). */
  async offerWorkflowId(companyId: number, offerId: number) {
    const row = await this.db
      .selectFrom('offers')
      .innerJoin('projects', 'projects.id', 'offers.project_id')
      .select(['offers.workflow_id as offer_workflow', 'projects.workflow_id as project_workflow'])
      .where('offers.company_id', '=', companyId)
      .where('offers.id', '=', offerId)
      .executeTakeFirst();
    return row?.offer_workflow ?? row?.project_workflow ?? null;
  }

  /**
   * The workflow each offer of the company chose (its own, else its project's; null: the default),
   * for the offers asked that the company holds, in one query.
   */
  async offersWorkflowIds(companyId: number, offerIds: number[]) {
    if (!offerIds.length) return new Map<number, number | null>();
    const rows = await this.db
      .selectFrom('offers')
      .innerJoin('projects', 'projects.id', 'offers.project_id')
      .select([
        'offers.id',
        'offers.workflow_id as offer_workflow',
        'projects.workflow_id as project_workflow',
      ])
      .where('offers.company_id', '=', companyId)
      .where('offers.id', 'in', offerIds)
      .execute();
    return new Map(rows.map((r) => [r.id, r.offer_workflow ?? r.project_workflow ?? null]));
  }

  /** The ordered status ids of several workflows of the company, in one query. */
  async workflowsStatusIds(companyId: number, workflowIds: number[]) {
    const byWorkflow = new Map<number, number[]>(workflowIds.map((id) => [id, []]));
    if (!workflowIds.length) return byWorkflow;
    const rows = await this.db
      .selectFrom('workflow_statuses')
      .select(['workflow_id', 'status_id'])
      .where('company_id', '=', companyId)
      .where('workflow_id', 'in', workflowIds)
      .orderBy('workflow_id')
      .orderBy('position')
      .execute();
    for (const r of rows) byWorkflow.get(r.workflow_id)?.push(r.status_id);
    return byWorkflow;
  }

  async nameTaken(companyId: number, name: string, exceptId?: number) {
    let query = this.db
      .selectFrom('workflows')
      .select('id')
      .where('company_id', '=', companyId)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** Creates or replaces a workflow (name, default flag, statuses) in one transaction. */
  async saveWorkflow(
    companyId: number,
    id: number | null,
    form: { name: string; status_ids: number[]; is_default: boolean },
    now: string,
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      if (form.is_default)
        await trx
          .updateTable('workflows')
          .set({ is_default: false })
          .where('company_id', '=', companyId)
          .where('is_default', '=', true)
          .$if(id !== null, (q) => q.where('id', '!=', id!))
          .execute();
      let workflowId = id;
      if (workflowId === null) {
        const row = await trx
          .insertInto('workflows')
          .values({
            company_id: companyId,
            name: form.name,
            is_default: form.is_default,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        workflowId = row.id;
      } else {
        await trx
          .updateTable('workflows')
          .set({ name: form.name, is_default: form.is_default, updated_at: now })
          .where('id', '=', workflowId)
          .where('company_id', '=', companyId)
          .execute();
        await trx.deleteFrom('workflow_statuses').where('workflow_id', '=', workflowId).execute();
      }
      if (form.status_ids.length)
        await trx
          .insertInto('workflow_statuses')
          .values(
            form.status_ids.map((statusId, i) => ({
              company_id: companyId,
              workflow_id: workflowId!,
              status_id: statusId,
              position: i + 1,
            })),
          )
          .execute();
      return workflowId;
    });
  }

  /** Adds a status at the end of a workflow. */
  async appendStatus(companyId: number, workflowId: number, statusId: number) {
    const row = await this.db
      .selectFrom('workflow_statuses')
      .select((eb) => eb.fn.max('position').as('max'))
      .where('workflow_id', '=', workflowId)
      .executeTakeFirst();
    await this.db
      .insertInto('workflow_statuses')
      .values({
        company_id: companyId,
        workflow_id: workflowId,
        status_id: statusId,
        position: Number(row?.max ?? 0) + 1,
      })
      .execute();
  }

  async deleteWorkflow(companyId: number, id: number) {
    for (const table of ['offers', 'projects'] as const)
      await this.db
        .updateTable(table)
        .set({ workflow_id: null })
        .where('company_id', '=', companyId)
        .where('workflow_id', '=', id)
        .execute();
    await this.db
      .deleteFrom('workflows')
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .execute();
  }

  /**
   * One page of the company's projects (type 1) or non-archived offers with their chosen
   * workflow, searched by name (contains, any case), by name then id.
   */
  async assignments(companyId: number, f: TWorkflowAssignmentFilters) {
    const search = f['filter[search]'];
    const like = search ? likePattern(search) : undefined;
    if (f.kind === 'project') {
      let query = this.db
        .selectFrom('projects')
        .select(['id', 'name', sql<number | null>`null`.as('project_id'), 'workflow_id'])
        .where('company_id', '=', companyId)
        .where('type', '=', 1);
      if (like)
        query = query.where(
          (eb) => sql<SqlBool>`lower(${eb.ref('name')}) like ${like} escape '\\'`,
        );
      return paginate(query.orderBy('name').orderBy('id'), f.page, f.per_page);
    }
    let query = this.db
      .selectFrom('offers')
      .select(['id', 'job_position as name', 'project_id', 'workflow_id'])
      .where('company_id', '=', companyId)
      .where('archived', '=', false);
    if (like)
      query = query.where(
        (eb) => sql<SqlBool>`lower(${eb.ref('job_position')}) like ${like} escape '\\'`,
      );
    return paginate(query.orderBy('job_position').orderBy('id'), f.page, f.per_page);
  }

  /** Sets the workflow of an offer or a project of the company; false when there is none. */
  async assign(
    companyId: number,
    kind: 'offer' | 'project',
    id: number,
    workflowId: number | null,
  ) {
    const result = await this.db
      .updateTable(kind === 'offer' ? 'offers' : 'projects')
      .set({ workflow_id: workflowId })
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
