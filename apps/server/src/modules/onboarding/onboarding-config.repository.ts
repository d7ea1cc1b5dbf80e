import type { Kysely, Transaction } from 'kysely';
import { ONBOARDING_SYSTEM_STATUSES } from '@embauche/contracts/onboarding';
import type { DB } from '../../platform/db/schema.ts';
import type { Trx } from './onboarding.repository.ts';

/**
 * Onboarding's configuration tables (migration 0062, issue 41): the company's processes with their
 * ordered steps, and its onboarding statuses (the four system ones and its own).
 */
export class OnboardingConfigRepository {
  constructor(readonly db: Kysely<DB>) {}

  transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  // ---- processes ------------------------------------------------------------------------

  processes(companyId: number, ids?: number[]) {
    let q = this.db
      .selectFrom('onboarding_processes as p')
      .select((eb) => [
        'p.id',
        'p.name',
        'p.active',
        'p.updated_at',
        eb
          .selectFrom('onboardings as o')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('o.process_id', '=', 'p.id')
          .as('onboarding_count'),
      ])
      .where('p.company_id', '=', companyId);
    if (ids) q = q.where('p.id', 'in', ids.length ? ids : [0]);
    return q.orderBy('p.name').orderBy('p.id').execute();
  }

  steps(companyId: number, processIds: number[]) {
    if (!processIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('onboarding_steps as s')
      .leftJoin('users as u', (j) =>
        j.onRef('u.id', '=', 's.responsible_id').on('s.responsible_type', '=', 'user'),
      )
      .leftJoin('user_groups as g', (j) =>
        j.onRef('g.id', '=', 's.responsible_id').on('s.responsible_type', '=', 'group'),
      )
      .leftJoin('roles as r', (j) =>
        j.onRef('r.id', '=', 's.responsible_id').on('s.responsible_type', '=', 'role'),
      )
      .selectAll('s')
      .select(['u.firstname', 'u.lastname', 'g.name as group_name', 'r.name as role_name'])
      .where('s.company_id', '=', companyId)
      .where('s.process_id', 'in', processIds)
      .orderBy('s.process_id')
      .orderBy('s.position')
      .execute();
  }

  async insertProcess(trx: Trx, companyId: number, name: string, active: boolean) {
    const now = new Date().toISOString();
    const row = await trx
      .insertInto('onboarding_processes')
      .values({ company_id: companyId, name, active, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateProcess(trx: Trx, companyId: number, id: number, name: string, active: boolean) {
    await trx
      .updateTable('onboarding_processes')
      .set({ name, active, updated_at: new Date().toISOString() })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }

  async deleteProcess(companyId: number, id: number) {
    const r = await this.db
      .deleteFrom('onboarding_processes')
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Writes a process's steps in order: those sent with an id are updated, the others added, the rest removed. */
  async replaceSteps(
    trx: Trx,
    companyId: number,
    processId: number,
    steps: {
      id?: number | undefined;
      title: string;
      kind: string;
      responsible_type: string;
      responsible_id: number | null;
      due_days: number;
      document_name: string | null;
      mail_model_id: number | null;
    }[],
  ) {
    const existing = new Set(
      (
        await trx
          .selectFrom('onboarding_steps')
          .select('id')
          .where('company_id', '=', companyId)
          .where('process_id', '=', processId)
          .execute()
      ).map((r) => r.id),
    );
    const kept = new Set<number>();
    for (const [position, s] of steps.entries()) {
      const { id, ...values } = s;
      if (id && existing.has(id) && !kept.has(id)) {
        kept.add(id);
        await trx
          .updateTable('onboarding_steps')
          .set({ ...values, position })
          .where('id', '=', id)
          .execute();
      } else {
        await trx
          .insertInto('onboarding_steps')
          .values({ ...values, position, company_id: companyId, process_id: processId })
          .execute();
      }
    }
    const gone = [...existing].filter((id) => !kept.has(id));
    if (gone.length) await trx.deleteFrom('onboarding_steps').where('id', 'in', gone).execute();
  }

  // ---- statuses -------------------------------------------------------------------------

  /** Writes the four system statuses of a company when they are missing (idempotent). */
  async ensureStatuses(companyId: number) {
    const have = await this.db
      .selectFrom('onboarding_statuses')
      .select('system_key')
      .where('company_id', '=', companyId)
      .where('system_key', 'is not', null)
      .execute();
    if (have.length === ONBOARDING_SYSTEM_STATUSES.length) return;
    const now = new Date().toISOString();
    await this.db
      .insertInto('onboarding_statuses')
      .values(
        ONBOARDING_SYSTEM_STATUSES.map((key, position) => ({
          company_id: companyId,
          system_key: key,
          name: null,
          position,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['company_id', 'system_key']).doNothing())
      .execute();
  }

  statuses(companyId: number) {
    return this.db
      .selectFrom('onboarding_statuses as s')
      .select((eb) => [
        's.id',
        's.system_key',
        's.name',
        's.position',
        eb
          .selectFrom('onboardings as o')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('o.status_id', '=', 's.id')
          .where('o.company_id', '=', companyId)
          .as('onboarding_count'),
      ])
      .where('s.company_id', '=', companyId)
      .orderBy('s.position')
      .orderBy('s.id')
      .execute();
  }

  /** A system status's id; inside a transaction (`db`), the statuses exist already (an onboarding does). */
  async systemStatusId(companyId: number, key: string, db?: Trx): Promise<number> {
    if (!db) await this.ensureStatuses(companyId);
    const row = await (db ?? this.db)
      .selectFrom('onboarding_statuses')
      .select('id')
      .where('company_id', '=', companyId)
      .where('system_key', '=', key)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async insertStatus(companyId: number, name: string, position: number) {
    const row = await this.db
      .insertInto('onboarding_statuses')
      .values({
        company_id: companyId,
        system_key: null,
        name,
        position,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async setStatusName(companyId: number, id: number, name: string | null) {
    await this.db
      .updateTable('onboarding_statuses')
      .set({ name })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }

  /** Writes the positions of the company's statuses in the order given. */
  async orderStatuses(companyId: number, ids: number[]) {
    await this.transaction(async (trx) => {
      for (const [position, id] of ids.entries())
        await trx
          .updateTable('onboarding_statuses')
          .set({ position })
          .where('company_id', '=', companyId)
          .where('id', '=', id)
          .execute();
    });
  }

  async deleteStatus(companyId: number, id: number) {
    await this.db
      .deleteFrom('onboarding_statuses')
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }

  // ---- what a step names ----------------------------------------------------------------

  async exists(companyId: number, table: 'users' | 'user_groups' | 'roles', id: number) {
    const row = await this.db
      .selectFrom(table)
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Boolean(row);
  }

  async onboardingModel(companyId: number, id: number) {
    const row = await this.db
      .selectFrom('mail_models')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .where('kind', '=', 'onboarding')
      .executeTakeFirst();
    return Boolean(row);
  }
}
