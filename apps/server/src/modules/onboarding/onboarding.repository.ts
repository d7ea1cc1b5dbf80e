import { sql, type Kysely, type Transaction } from 'kysely';
import { applicantLanguage } from '../../platform/db/applicant-language.ts';
import { likePattern } from '../../platform/db/like-pattern.ts';
import type { DB } from '../../platform/db/schema.ts';
import { searchActiveUsers } from '../../platform/db/user-search.ts';

export type Trx = Kysely<DB> | Transaction<DB>;

/** Which onboardings a user sees through their applications (null offers: every offer). */
export type OnboardingSight = { offers: number[] | null; spontaneous: boolean };

export type OnboardingFilters = {
  subsidiaryId?: number | undefined;
  managerId?: number | undefined;
  /** YYYY-MM */
  startMonth?: string | undefined;
  statusId?: number | undefined;
  search?: string | undefined;
};

export type TaskInsert = {
  title: string;
  kind: string;
  position: number;
  owner_id: number | null;
  due_date: string;
  document_name: string | null;
  mail_model_id: number | null;
  mail_state: string | null;
};

const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

/**
 * Onboarding's tables (migration 0062): the onboardings, their tasks and the tasks' comments (the
 * processes and statuses: onboarding-config.repository.ts).
 */
export class OnboardingRepository {
  constructor(readonly db: Kysely<DB>) {}

  transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  // ---- references -----------------------------------------------------------------------

  async activeUser(companyId: number, id: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'firstname', 'lastname'])
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .where('active', '=', true)
      .executeTakeFirst();
  }

  /** The user pickers' matches (platform/db/user-search.ts). */
  searchUsers(companyId: number, search: string | undefined, limit: number) {
    return searchActiveUsers(this.db, companyId, search, limit);
  }

  /** The first active member of a group, or user holding a role (by id): a step's owner. */
  async firstOf(companyId: number, type: 'group' | 'role', id: number) {
    const q =
      type === 'group'
        ? this.db
            .selectFrom('user_group_members as m')
            .innerJoin('users as u', 'u.id', 'm.user_id')
            .where('m.group_id', '=', id)
        : this.db.selectFrom('users as u').where('u.role_id', '=', id);
    const row = await q
      .select('u.id')
      .where('u.company_id', '=', companyId)
      .where('u.active', '=', true)
      .orderBy('u.id')
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** The language the new hire's e-mails are written in when they told one (else null). */
  applicantLanguage(companyId: number, applicantId: number): Promise<string | null> {
    return applicantLanguage(this.db, companyId, applicantId);
  }

  company(companyId: number) {
    return this.db
      .selectFrom('companies')
      .select(['social_reason', 'default_language', 'time_zone'])
      .where('id', '=', companyId)
      .executeTakeFirstOrThrow();
  }

  /** Applications with what an onboarding copies from them (company's only). */
  applications(companyId: number, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('applications as a')
      .leftJoin('offers as f', 'f.id', 'a.offer_id')
      .select([
        'a.id',
        'a.applicant_id',
        'a.offer_id',
        'a.status_id',
        'f.subsidiary_id',
        'f.created_by as recruiter_id',
      ])
      .where('a.company_id', '=', companyId)
      .where('a.id', 'in', ids)
      .execute();
  }

  async openOnboardingOf(companyId: number, applicationIds: number[]) {
    if (!applicationIds.length) return new Set<number>();
    const rows = await this.db
      .selectFrom('onboardings')
      .select('open_application_id')
      .where('company_id', '=', companyId)
      .where('open_application_id', 'in', applicationIds)
      .execute();
    return new Set(rows.map((r) => r.open_application_id!));
  }

  // ---- onboardings ----------------------------------------------------------------------

  async insertOnboarding(
    trx: Trx,
    values: {
      company_id: number;
      application_id: number;
      applicant_id: number;
      offer_id: number | null;
      subsidiary_id: number | null;
      process_id: number;
      status_id: number;
      start_date: string;
      manager_id: number | null;
      address: string | null;
      first_day_contact: string | null;
      created_by: number;
    },
    tasks: TaskInsert[],
  ) {
    const now = new Date().toISOString();
    const row = await trx
      .insertInto('onboardings')
      .values({
        ...values,
        open_application_id: values.application_id,
        tasks_total: tasks.length,
        tasks_done: 0,
        cancelled_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < tasks.length; i += 200)
      await trx
        .insertInto('onboarding_tasks')
        .values(
          tasks.slice(i, i + 200).map((t) => ({
            ...t,
            company_id: values.company_id,
            onboarding_id: row.id,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    return row.id;
  }

  private listBase(companyId: number, sight: OnboardingSight, f: OnboardingFilters) {
    let q = this.db.selectFrom('onboardings as o').where('o.company_id', '=', companyId);
    if (sight.offers !== null) {
      const offers = sight.offers;
      q = q.where((eb) =>
        eb.or([
          ...(offers.length ? [eb('o.offer_id', 'in', offers)] : []),
          ...(sight.spontaneous ? [eb('o.offer_id', 'is', null)] : []),
          sql<boolean>`1 = 0`,
        ]),
      );
    }
    if (f.subsidiaryId) q = q.where('o.subsidiary_id', '=', f.subsidiaryId);
    if (f.managerId) q = q.where('o.manager_id', '=', f.managerId);
    if (f.statusId) q = q.where('o.status_id', '=', f.statusId);
    if (f.startMonth)
      q = q
        .where('o.start_date', '>=', `${f.startMonth}-01`)
        .where('o.start_date', '<', `${nextMonth(f.startMonth)}-01`);
    if (f.search) {
      const like = likePattern(f.search);
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('applicants as s')
            .select('s.id')
            .whereRef('s.id', '=', 'o.applicant_id')
            .where(
              sql<boolean>`lower(s.firstname || ' ' || s.lastname || ' ' || coalesce(s.email, '')) like ${like} escape '\\'`,
            ),
        ),
      );
    }
    return q;
  }

  async list(
    companyId: number,
    sight: OnboardingSight,
    f: OnboardingFilters,
    today: string,
    page: number,
    perPage: number,
  ) {
    const base = this.listBase(companyId, sight, f);
    const [ids, total] = await Promise.all([
      base
        .select('o.id')
        .orderBy('o.start_date', 'desc')
        .orderBy('o.id', 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute(),
      base
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n)),
    ]);
    const rows = await this.detailed(
      companyId,
      ids.map((r) => r.id),
      today,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return { rows: ids.map((r) => byId.get(r.id)!).filter(Boolean), total };
  }

  counts(companyId: number, sight: OnboardingSight, f: OnboardingFilters) {
    return this.listBase(companyId, sight, { ...f, statusId: undefined })
      .select((eb) => ['o.status_id', eb.fn.countAll<number>().as('n')])
      .groupBy('o.status_id')
      .execute();
  }

  /** Onboardings with what their list row and page show. */
  detailed(companyId: number, ids: number[], today: string) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('onboardings as o')
      .innerJoin('applicants as ap', 'ap.id', 'o.applicant_id')
      .innerJoin('onboarding_statuses as st', 'st.id', 'o.status_id')
      .leftJoin('offers as f', 'f.id', 'o.offer_id')
      .leftJoin('subsidiaries as sub', 'sub.id', 'o.subsidiary_id')
      .leftJoin('users as m', 'm.id', 'o.manager_id')
      .leftJoin('onboarding_processes as p', 'p.id', 'o.process_id')
      .select((eb) => [
        'o.id',
        'o.company_id',
        'o.application_id',
        'o.applicant_id',
        'o.offer_id',
        'o.subsidiary_id',
        'o.start_date',
        'o.manager_id',
        'o.status_id',
        'o.tasks_total',
        'o.tasks_done',
        'o.address',
        'o.first_day_contact',
        'o.cancelled_at',
        'o.created_at',
        'o.process_id',
        'p.name as process_name',
        'ap.firstname',
        'ap.lastname',
        'ap.email',
        'f.job_position as offer_title',
        'sub.name as subsidiary_name',
        'm.firstname as manager_firstname',
        'm.lastname as manager_lastname',
        'st.system_key',
        'st.name as status_name',
        eb
          .selectFrom('onboarding_tasks as t')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('t.onboarding_id', '=', 'o.id')
          .where('t.done', '=', false)
          .where('t.due_date', '<', today)
          .as('overdue_count'),
      ])
      .where('o.company_id', '=', companyId)
      .where('o.id', 'in', ids)
      .execute();
  }

  async one(companyId: number, id: number, today: string) {
    const [row] = await this.detailed(companyId, [id], today);
    return row;
  }

  openOfApplication(companyId: number, applicationId: number) {
    return this.db
      .selectFrom('onboardings as o')
      .innerJoin('onboarding_statuses as st', 'st.id', 'o.status_id')
      .select([
        'o.id',
        'o.start_date',
        'o.tasks_done',
        'o.tasks_total',
        'o.status_id',
        'st.system_key',
        'st.name as status_name',
      ])
      .where('o.company_id', '=', companyId)
      .where('o.open_application_id', '=', applicationId)
      .executeTakeFirst();
  }

  async updateOnboarding(
    trx: Trx,
    companyId: number,
    id: number,
    values: Partial<{
      status_id: number;
      start_date: string;
      manager_id: number | null;
      address: string | null;
      first_day_contact: string | null;
      cancelled_at: string | null;
      open_application_id: number | null;
    }>,
  ) {
    await trx
      .updateTable('onboardings')
      .set({ ...values, updated_at: new Date().toISOString() })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }

  /** Writes an onboarding's progress from its tasks. */
  async refreshProgress(trx: Trx, onboardingId: number) {
    await trx
      .updateTable('onboardings')
      .set((eb) => ({
        tasks_done: eb
          .selectFrom('onboarding_tasks as t')
          .select(eb.fn.countAll<number>().as('n'))
          .where('t.onboarding_id', '=', onboardingId)
          .where('t.done', '=', true),
      }))
      .where('id', '=', onboardingId)
      .execute();
  }

  // ---- tasks ----------------------------------------------------------------------------

  tasks(onboardingId: number, ownerId?: number) {
    let q = this.db
      .selectFrom('onboarding_tasks as t')
      .leftJoin('users as ow', 'ow.id', 't.owner_id')
      .leftJoin('users as db', 'db.id', 't.done_by')
      .leftJoin('document_request_items as di', (j) =>
        j
          .onRef('di.request_id', '=', 't.document_request_id')
          .onRef('di.document_type_id', '=', 't.document_type_id'),
      )
      .leftJoin('document_requests as dr', 'dr.id', 't.document_request_id')
      .selectAll('t')
      .select([
        'ow.firstname as owner_firstname',
        'ow.lastname as owner_lastname',
        'db.firstname as done_by_firstname',
        'db.lastname as done_by_lastname',
        'dr.created_at as requested_at',
        'di.uploaded_at as received_at',
        'di.document_id',
      ])
      .where('t.onboarding_id', '=', onboardingId);
    if (ownerId !== undefined) q = q.where('t.owner_id', '=', ownerId);
    return q.orderBy('t.position').orderBy('t.id').execute();
  }

  comments(taskIds: number[]) {
    if (!taskIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('onboarding_task_comments as c')
      .leftJoin('users as u', 'u.id', 'c.author_id')
      .select([
        'c.id',
        'c.task_id',
        'c.body',
        'c.created_at',
        'c.author_id',
        'u.firstname',
        'u.lastname',
      ])
      .where('c.task_id', 'in', taskIds)
      .orderBy('c.id')
      .execute();
  }

  task(companyId: number, id: number) {
    return this.db
      .selectFrom('onboarding_tasks as t')
      .innerJoin('onboardings as o', 'o.id', 't.onboarding_id')
      .select([
        't.id',
        't.onboarding_id',
        't.owner_id',
        't.done',
        't.kind',
        't.due_date',
        'o.offer_id',
        'o.cancelled_at',
      ])
      .where('t.company_id', '=', companyId)
      .where('t.id', '=', id)
      .executeTakeFirst();
  }

  async ownsTaskOf(companyId: number, onboardingId: number, userId: number) {
    const row = await this.db
      .selectFrom('onboarding_tasks')
      .select('id')
      .where('company_id', '=', companyId)
      .where('onboarding_id', '=', onboardingId)
      .where('owner_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    return Boolean(row);
  }

  async updateTask(
    trx: Trx,
    id: number,
    values: Partial<{
      done: boolean;
      done_at: string | null;
      done_by: number | null;
      owner_id: number;
      due_date: string;
      overdue_notified_at: string | null;
    }>,
  ) {
    await trx
      .updateTable('onboarding_tasks')
      .set({ ...values, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  /** The open tasks of an onboarding (to move their due days with its start date). */
  openTasks(trx: Trx, onboardingId: number) {
    return trx
      .selectFrom('onboarding_tasks')
      .select(['id', 'due_date'])
      .where('onboarding_id', '=', onboardingId)
      .where('done', '=', false)
      .execute();
  }

  /** A cancelled onboarding: its e-mails not sent are cancelled, its tasks leave "my tasks". */
  async cancelTasks(trx: Trx, onboardingId: number) {
    await trx
      .updateTable('onboarding_tasks')
      .set({ onboarding_open: false })
      .where('onboarding_id', '=', onboardingId)
      .execute();
    await trx
      .updateTable('onboarding_tasks')
      .set({ mail_state: 'cancelled' })
      .where('onboarding_id', '=', onboardingId)
      .where('mail_state', '=', 'scheduled')
      .execute();
  }

  async addComment(companyId: number, taskId: number, authorId: number, body: string) {
    const row = await this.db
      .insertInto('onboarding_task_comments')
      .values({
        company_id: companyId,
        task_id: taskId,
        author_id: authorId,
        body,
        created_at: new Date().toISOString(),
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    return row;
  }

  /**
   * A user's tasks of open onboardings, open first, by due day. The page's ids are read from
   * `onboarding_tasks_owner` alone (no join can change the planner's choice), the count from the
   * owner's counters (`onboarding_task_counters`, kept by triggers), then the page's rows with what
   * they show.
   */
  async myTasks(
    companyId: number,
    userId: number,
    done: boolean | undefined,
    page: number,
    perPage: number,
  ) {
    let base = this.db
      .selectFrom('onboarding_tasks as t')
      .where('t.company_id', '=', companyId)
      .where('t.owner_id', '=', userId)
      .where('t.onboarding_open', '=', true);
    if (done !== undefined) base = base.where('t.done', '=', done);
    const [ids, total] = await Promise.all([
      base
        .select('t.id')
        .orderBy('t.done')
        .orderBy('t.due_date')
        .orderBy('t.id')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute(),
      this.db
        .selectFrom('onboarding_task_counters')
        .select(['open_tasks', 'done_tasks'])
        .where('company_id', '=', companyId)
        .where('owner_id', '=', userId)
        .executeTakeFirst()
        .then((c) =>
          c === undefined
            ? 0
            : done === undefined
              ? Number(c.open_tasks) + Number(c.done_tasks)
              : Number(done ? c.done_tasks : c.open_tasks),
        ),
    ]);
    if (!ids.length) return { rows: [], total };
    const rows = await this.db
      .selectFrom('onboarding_tasks as t')
      .innerJoin('onboardings as o', 'o.id', 't.onboarding_id')
      .innerJoin('applicants as ap', 'ap.id', 'o.applicant_id')
      .leftJoin('offers as f', 'f.id', 'o.offer_id')
      .leftJoin('users as ow', 'ow.id', 't.owner_id')
      .leftJoin('users as db', 'db.id', 't.done_by')
      .selectAll('t')
      .select((eb) => [
        'o.start_date',
        'ap.firstname',
        'ap.lastname',
        'f.job_position as offer_title',
        'ow.firstname as owner_firstname',
        'ow.lastname as owner_lastname',
        'db.firstname as done_by_firstname',
        'db.lastname as done_by_lastname',
        eb
          .selectFrom('onboarding_task_comments as c')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('c.task_id', '=', 't.id')
          .as('comment_count'),
      ])
      .where('t.company_id', '=', companyId)
      .where(
        't.id',
        'in',
        ids.map((r) => r.id),
      )
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return { rows: ids.map((r) => byId.get(r.id)!).filter(Boolean), total };
  }

  // ---- the worker's sweeps --------------------------------------------------------------

  /** Open tasks of open onboardings due on or before `day` (a sweep's candidates), with their company's zone. */
  dueTasks(kind: 'email' | 'overdue' | 'document', day: string, limit: number) {
    let q = this.db
      .selectFrom('onboarding_tasks as t')
      .innerJoin('onboardings as o', 'o.id', 't.onboarding_id')
      .innerJoin('companies as c', 'c.id', 't.company_id')
      .select([
        't.id',
        't.company_id',
        't.onboarding_id',
        't.title',
        't.owner_id',
        't.due_date',
        't.mail_model_id',
        't.document_name',
        't.document_request_id',
        'o.applicant_id',
        'o.created_by',
        'c.time_zone',
      ])
      .where('o.cancelled_at', 'is', null);
    if (kind === 'email')
      q = q.where('t.mail_state', '=', 'scheduled').where('t.due_date', '<=', day);
    else if (kind === 'document')
      // Asked at once: the link goes out when the onboarding starts.
      q = q
        .where('t.kind', '=', 'document')
        .where('t.done', '=', false)
        .where('t.document_request_id', 'is', null);
    else
      q = q
        .where('t.done', '=', false)
        .where('t.due_date', '<', day)
        .where('t.kind', '!=', 'email')
        .where('t.overdue_notified_at', 'is', null)
        .where('t.owner_id', 'is not', null);
    return q.orderBy('t.id').limit(limit).execute();
  }

  /** Document tasks whose document arrived but are still open. */
  arrivedDocuments(onboardingId?: number) {
    let q = this.db
      .selectFrom('onboarding_tasks as t')
      .innerJoin('document_request_items as di', (j) =>
        j
          .onRef('di.request_id', '=', 't.document_request_id')
          .onRef('di.document_type_id', '=', 't.document_type_id'),
      )
      .select(['t.id', 't.onboarding_id', 't.company_id'])
      .where('t.kind', '=', 'document')
      .where('t.done', '=', false)
      .where('di.uploaded_at', 'is not', null);
    if (onboardingId !== undefined) q = q.where('t.onboarding_id', '=', onboardingId);
    return q.limit(500).execute();
  }

  /** Claims a task for a sweep: answers whether this caller set the column (once per task). */
  async claim(
    trx: Trx,
    id: number,
    column: 'mail_state' | 'overdue_notified_at' | 'document_request_id',
    value: string | number,
  ) {
    let q = trx
      .updateTable('onboarding_tasks')
      .set({ [column]: value })
      .where('id', '=', id);
    q =
      column === 'mail_state'
        ? q.where('mail_state', '=', 'scheduled')
        : q.where(column, 'is', null);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** The company's document type of this name (any case), created when missing. */
  async documentType(trx: Trx, companyId: number, name: string) {
    const found = await trx
      .selectFrom('document_types')
      .select('id')
      .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]))
      .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`)
      .orderBy('id')
      .executeTakeFirst();
    if (found) return found.id;
    const row = await trx
      .insertInto('document_types')
      .values({
        company_id: companyId,
        name,
        default_type: false,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
}
