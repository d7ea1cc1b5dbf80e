import { knownLanguage, STATUS_RECRUITED } from '@embauche/contracts/constants';
import { ONBOARDING_PICKER_MAX } from '@embauche/contracts/onboarding';
import type {
  TApplicationOnboarding,
  TMyTaskPage,
  TOnboarding,
  TOnboardingBulkResult,
  TOnboardingCounts,
  TOnboardingListQuery,
  TOnboardingPage,
  TOnboardingProcess,
  TOnboardingSystemStatus,
  TOnboardingTask,
  TOnboardingTaskComment,
  TOnboardingUsers,
  ZOnboardingBulkCreate,
  ZOnboardingCreate,
  ZOnboardingTaskUpdate,
  ZOnboardingUpdate,
} from '@embauche/contracts/onboarding';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { conflict, forbidden, notFound, validationFailed } from '../../platform/http/http-error.ts';
import { pageOf } from '../../platform/http/list-query.ts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import type { OnboardingConfigService } from './onboarding-config.service.ts';
import { addDays, daysBetween, todayIn } from './onboarding-days.ts';
import type {
  OnboardingFilters,
  OnboardingRepository,
  OnboardingSight,
  TaskInsert,
  Trx,
} from './onboarding.repository.ts';

type Create = z.output<typeof ZOnboardingCreate>;
type BulkCreate = z.output<typeof ZOnboardingBulkCreate>;
type Update = z.output<typeof ZOnboardingUpdate>;
type TaskUpdate = z.output<typeof ZOnboardingTaskUpdate>;

const ACCESS = 'onboarding.access';
const name = (first: string | null | undefined, last: string | null | undefined) =>
  `${first ?? ''} ${last ?? ''}`.trim();
const person = (id: number | null, first: string | null, last: string | null) =>
  id !== null && first !== null ? { id, name: name(first, last) } : null;

type TaskRow = {
  id: number;
  onboarding_id: number;
  title: string;
  kind: string;
  position: number;
  owner_id: number | null;
  owner_firstname: string | null;
  owner_lastname: string | null;
  due_date: string;
  done: boolean | number;
  done_at: string | null;
  done_by: number | null;
  done_by_firstname: string | null;
  done_by_lastname: string | null;
  document_name: string | null;
};

/** What a task row shows on the new hire's page and in "my tasks" (its comments aside). */
function taskFields(t: TaskRow, today: string): Omit<TOnboardingTask, 'comments'> {
  return {
    id: t.id,
    onboarding_id: t.onboarding_id,
    title: t.title,
    kind: t.kind as TOnboardingTask['kind'],
    position: t.position,
    owner: person(t.owner_id, t.owner_firstname, t.owner_lastname),
    due_date: t.due_date,
    done: Boolean(t.done),
    done_at: t.done_at,
    done_by: person(t.done_by, t.done_by_firstname, t.done_by_lastname),
    overdue: !t.done && t.due_date < today,
    document_name: t.document_name,
  };
}

type ListRow = NonNullable<Awaited<ReturnType<OnboardingRepository['one']>>>;

/** Today on the company's wall clock (Paris when it has no time zone). */
function todayOf(company: { time_zone: string | null }, now = new Date()): string {
  return todayIn(company.time_zone || 'Europe/Paris', now);
}

/**
 * Onboarding (issue 41, contracts/onboarding.ts, docs/onboarding.md): onboardings started from
 * recruited applications with their tasks, and "my tasks" (the processes and statuses they use:
 * onboarding-config.service.ts).
 * The worker's sweeps (e-mails, documents, overdue notices) are in onboarding-sweeps.ts.
 */
export class OnboardingService {
  constructor(
    readonly repo: OnboardingRepository,
    readonly config: OnboardingConfigService,
    private readonly applications: Pick<ApplicationsService, 'sight' | 'require'>,
  ) {}

  async today(companyId: number, now = new Date()) {
    return todayOf(await this.repo.company(companyId), now);
  }

  /** The user pickers (manager, owner, responsible): none for a user who plans no onboarding. */
  async users(auth: AuthContext, search: string | undefined): Promise<TOnboardingUsers> {
    if (!auth.permissions.has('onboarding.access') && !auth.permissions.has('config.onboarding'))
      return [];
    const rows = await this.repo.searchUsers(auth.companyId, search, ONBOARDING_PICKER_MAX);
    return rows.map((u) => ({ id: u.id, name: `${u.firstname} ${u.lastname}`.trim() }));
  }

  // ---- starting onboardings ----------------------------------------------------------------

  private async sight(auth: AuthContext): Promise<OnboardingSight> {
    const s = await this.applications.sight(auth);
    return { offers: s.offers, spontaneous: s.spontaneous };
  }

  private async activeManager(
    companyId: number,
    id: number | null | undefined,
    field = 'manager_id',
  ) {
    if (id === null || id === undefined) return null;
    if (!(await this.repo.activeUser(companyId, id)))
      throw validationFailed({ [field]: ['unknown_user'] });
    return id;
  }

  /** The tasks of a process for one application: owners resolved, due days from the start day. */
  private async tasksFor(
    companyId: number,
    steps: TOnboardingProcess['steps'],
    startDate: string,
    people: { manager: number | null; recruiter: number | null },
    cache: Map<string, number | null>,
  ): Promise<TaskInsert[]> {
    const tasks: TaskInsert[] = [];
    for (const s of steps) {
      let owner: number | null = null;
      const t = s.responsible.type;
      if (t === 'manager') owner = people.manager;
      else if (t === 'recruiter') owner = people.recruiter;
      else if (s.responsible.id) {
        const key = `${t}:${s.responsible.id}`;
        if (!cache.has(key))
          cache.set(
            key,
            t === 'user'
              ? ((await this.repo.activeUser(companyId, s.responsible.id))?.id ?? null)
              : await this.repo.firstOf(companyId, t, s.responsible.id),
          );
        owner = cache.get(key) ?? null;
      }
      tasks.push({
        title: s.title,
        kind: s.kind,
        position: s.position,
        owner_id: owner,
        due_date: addDays(startDate, s.due_days),
        document_name: s.document_name,
        mail_model_id: s.mail_model_id,
        mail_state: s.kind === 'email' ? 'scheduled' : null,
      });
    }
    return tasks;
  }

  /**
   * Starts onboardings for applications the caller already checked: each recruited, without an
   * open onboarding. Answers the created ids by application (others are skipped with a reason).
   */
  private async start(
    auth: AuthContext,
    applicationIds: number[],
    input: {
      process_id: number;
      start_date: string;
      manager_id: number | null;
      address?: string | null | undefined;
      first_day_contact?: string | null | undefined;
    },
  ): Promise<TOnboardingBulkResult> {
    const companyId = auth.companyId;
    const [process] = await this.config.processes(companyId, [input.process_id]);
    if (!process) throw validationFailed({ process_id: ['invalid'] });
    const manager = await this.activeManager(companyId, input.manager_id);
    const statusId = await this.config.systemStatusId(companyId, 'not_started');
    const ids = [...new Set(applicationIds)];
    const [rows, sight, open] = await Promise.all([
      this.repo.applications(companyId, ids),
      this.applications.sight(auth),
      this.repo.openOnboardingOf(companyId, ids),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const result: TOnboardingBulkResult = { created: 0, onboarding_ids: [], skipped: [] };
    const cache = new Map<string, number | null>();
    const planned: { app: (typeof rows)[number]; tasks: TaskInsert[] }[] = [];
    for (const id of ids) {
      const app = byId.get(id);
      if (!app || app.applicant_id === null || !sight.sees(app)) {
        result.skipped.push({ application_id: id, reason: 'not_found' });
      } else if (app.status_id !== STATUS_RECRUITED) {
        result.skipped.push({ application_id: id, reason: 'not_recruited' });
      } else if (open.has(id)) {
        result.skipped.push({ application_id: id, reason: 'onboarding_exists' });
      } else {
        const tasks = await this.tasksFor(
          companyId,
          process.steps,
          input.start_date,
          {
            manager,
            recruiter: app.recruiter_id ?? auth.userId,
          },
          cache,
        );
        planned.push({ app, tasks });
      }
    }
    await this.repo.transaction(async (trx) => {
      for (const { app, tasks } of planned) {
        const id = await this.repo.insertOnboarding(
          trx,
          {
            company_id: companyId,
            application_id: app.id,
            applicant_id: app.applicant_id!,
            offer_id: app.offer_id,
            subsidiary_id: app.subsidiary_id ?? null,
            process_id: process.id,
            status_id: statusId,
            start_date: input.start_date,
            manager_id: manager,
            address: input.address ?? null,
            first_day_contact: input.first_day_contact ?? null,
            created_by: auth.userId,
          },
          tasks,
        );
        result.onboarding_ids.push(id);
      }
    });
    result.created = result.onboarding_ids.length;
    return result;
  }

  async create(auth: AuthContext, input: Create): Promise<TOnboarding> {
    // 404/403 as the application's own page answers.
    await this.applications.require(auth, input.application_id);
    const result = await this.start(auth, [input.application_id], input);
    const skipped = result.skipped[0];
    if (skipped?.reason === 'not_recruited')
      throw validationFailed({ application_id: ['not_recruited'] });
    if (skipped?.reason === 'onboarding_exists')
      throw conflict('The application has an onboarding under way.', 'onboarding_exists');
    if (skipped) throw notFound('Application');
    return this.get(auth, result.onboarding_ids[0]!);
  }

  bulk(auth: AuthContext, input: BulkCreate): Promise<TOnboardingBulkResult> {
    return this.start(auth, input.application_ids, {
      ...input,
      manager_id: input.manager_id ?? null,
    });
  }

  // ---- reading ----------------------------------------------------------------------------

  private item(r: ListRow) {
    return {
      id: r.id,
      application_id: r.application_id,
      applicant: { id: r.applicant_id, firstname: r.firstname, lastname: r.lastname },
      offer:
        r.offer_id !== null && r.offer_title !== null
          ? { id: r.offer_id, title: r.offer_title }
          : null,
      subsidiary:
        r.subsidiary_id !== null && r.subsidiary_name !== null
          ? { id: r.subsidiary_id, name: r.subsidiary_name }
          : null,
      start_date: r.start_date,
      manager: person(r.manager_id, r.manager_firstname, r.manager_lastname),
      status: {
        id: r.status_id,
        system_key: r.system_key as TOnboardingSystemStatus | null,
        name: r.status_name,
      },
      progress: { done: Number(r.tasks_done), total: Number(r.tasks_total) },
      overdue_count: Number(r.overdue_count ?? 0),
    };
  }

  private filters(q: Partial<TOnboardingListQuery>): OnboardingFilters {
    return {
      subsidiaryId: q['filter[subsidiary_id]'],
      managerId: q['filter[manager_id]'],
      startMonth: q['filter[start_month]'],
      statusId: q['filter[status_id]'],
      search: q.search || undefined,
    };
  }

  async list(auth: AuthContext, q: TOnboardingListQuery): Promise<TOnboardingPage> {
    const [sight, today] = await Promise.all([this.sight(auth), this.today(auth.companyId)]);
    const { rows, total } = await this.repo.list(
      auth.companyId,
      sight,
      this.filters(q),
      today,
      q.page,
      q.per_page,
    );
    return pageOf(
      rows.map((r) => this.item(r)),
      q.page,
      q.per_page,
      total,
    );
  }

  async counts(auth: AuthContext, q: Partial<TOnboardingListQuery>): Promise<TOnboardingCounts> {
    const statuses = await this.config.statuses(auth.companyId);
    const rows = await this.repo.counts(auth.companyId, await this.sight(auth), this.filters(q));
    const counts = new Map(rows.map((r) => [r.status_id, Number(r.n)]));
    return statuses.map((s) => ({
      status_id: s.id,
      count: counts.get(s.id) ?? 0,
    }));
  }

  /**
   * The onboarding as the user may read it: everything with `onboarding.access` on an application
   * they see; only their own tasks (`limited`) as a task owner otherwise; else 404.
   */
  private async readable(auth: AuthContext, id: number) {
    const company = await this.repo.company(auth.companyId);
    const today = todayOf(company);
    const row = await this.repo.one(auth.companyId, id, today);
    if (!row) throw notFound('Onboarding');
    if (auth.permissions.has(ACCESS)) {
      const sight = await this.applications.sight(auth);
      if (sight.sees(row)) return { row, limited: false, today, company };
    }
    if (await this.repo.ownsTaskOf(auth.companyId, id, auth.userId))
      return { row, limited: true, today, company };
    throw notFound('Onboarding');
  }

  async get(auth: AuthContext, id: number): Promise<TOnboarding> {
    await this.syncDocuments(id);
    const { row, limited, today, company } = await this.readable(auth, id);
    const tasks = await this.repo.tasks(id, limited ? auth.userId : undefined);
    const comments = await this.repo.comments(tasks.map((t) => t.id));
    const full = tasks.map((t) => this.task(t, today, comments));
    // The language its e-mails are written in: the new hire's own, else the company's.
    const language = limited
      ? null
      : knownLanguage(
          (await this.repo.applicantLanguage(auth.companyId, row.applicant_id)) ??
            company.default_language,
        );
    return {
      ...this.item(row),
      process:
        row.process_id !== null && row.process_name !== null
          ? { id: row.process_id, name: row.process_name }
          : null,
      applicant: {
        id: row.applicant_id,
        firstname: row.firstname,
        lastname: row.lastname,
        email: limited ? null : row.email,
        language,
      },
      address: limited ? null : row.address,
      first_day_contact: row.first_day_contact,
      cancelled_at: row.cancelled_at,
      created_at: row.created_at,
      limited,
      tasks: full,
      documents: limited
        ? []
        : tasks
            .filter((t) => t.kind === 'document')
            .map((t) => ({
              task_id: t.id,
              name: t.document_name ?? t.title,
              requested_at: t.requested_at ?? null,
              received_at: t.received_at ?? null,
              document_id: t.document_id ?? null,
            })),
      emails: limited
        ? []
        : tasks
            .filter((t) => t.kind === 'email')
            .map((t) => ({
              task_id: t.id,
              title: t.title,
              mail_model_id: t.mail_model_id,
              send_date: t.due_date,
              state: (t.mail_state ?? 'scheduled') as TOnboarding['emails'][number]['state'],
              sent_at: t.mail_sent_at,
            })),
    };
  }

  private task(
    t: Awaited<ReturnType<OnboardingRepository['tasks']>>[number],
    today: string,
    comments: Awaited<ReturnType<OnboardingRepository['comments']>>,
  ): TOnboardingTask {
    return {
      ...taskFields(t, today),
      comments: comments.filter((c) => c.task_id === t.id).map((c) => this.toComment(c)),
    };
  }

  private toComment(c: {
    id: number;
    body: string;
    created_at: string;
    author_id: number | null;
    firstname: string | null;
    lastname: string | null;
  }): TOnboardingTaskComment {
    return {
      id: c.id,
      body: c.body,
      created_at: c.created_at,
      author: person(c.author_id, c.firstname, c.lastname),
    };
  }

  async ofApplication(auth: AuthContext, applicationId: number): Promise<TApplicationOnboarding> {
    await this.applications.require(auth, applicationId);
    const row = await this.repo.openOfApplication(auth.companyId, applicationId);
    return {
      onboarding: row
        ? {
            id: row.id,
            start_date: row.start_date,
            status: {
              id: row.status_id,
              system_key: row.system_key as TOnboardingSystemStatus | null,
              name: row.status_name,
            },
            progress: { done: Number(row.tasks_done), total: Number(row.tasks_total) },
          }
        : null,
    };
  }

  // ---- changing ---------------------------------------------------------------------------

  private async writable(auth: AuthContext, id: number) {
    const { row, limited } = await this.readable(auth, id);
    if (limited) throw forbidden();
    return row;
  }

  async update(auth: AuthContext, id: number, input: Update): Promise<TOnboarding> {
    const row = await this.writable(auth, id);
    const companyId = auth.companyId;
    if (input.status_id !== undefined)
      await this.config.status(companyId, input.status_id).catch(() => {
        throw validationFailed({ status_id: ['invalid'] });
      });
    const manager =
      input.manager_id === undefined
        ? undefined
        : await this.activeManager(companyId, input.manager_id);
    await this.repo.transaction(async (trx) => {
      await this.repo.updateOnboarding(trx, companyId, id, {
        ...(input.status_id !== undefined ? { status_id: input.status_id } : {}),
        ...(input.start_date !== undefined ? { start_date: input.start_date } : {}),
        ...(manager !== undefined ? { manager_id: manager } : {}),
        ...(input.address !== undefined ? { address: input.address || null } : {}),
        ...(input.first_day_contact !== undefined
          ? { first_day_contact: input.first_day_contact || null }
          : {}),
      });
      if (input.start_date !== undefined && input.start_date !== row.start_date) {
        const shift = daysBetween(row.start_date, input.start_date);
        for (const t of await this.repo.openTasks(trx, id))
          await this.repo.updateTask(trx, t.id, {
            due_date: addDays(t.due_date, shift),
            overdue_notified_at: null,
          });
      }
    });
    return this.get(auth, id);
  }

  async cancel(auth: AuthContext, id: number): Promise<TOnboarding> {
    const row = await this.writable(auth, id);
    if (!row.cancelled_at) {
      const cancelled = await this.config.systemStatusId(auth.companyId, 'cancelled');
      await this.repo.transaction(async (trx) => {
        await this.repo.updateOnboarding(trx, auth.companyId, id, {
          status_id: cancelled,
          cancelled_at: new Date().toISOString(),
          open_application_id: null,
        });
        await this.repo.cancelTasks(trx, id);
      });
    }
    return this.get(auth, id);
  }

  /** A task the user may change: with `onboarding.access` on its onboarding, or as its owner. */
  private async taskFor(auth: AuthContext, id: number) {
    const task = await this.repo.task(auth.companyId, id);
    if (!task) throw notFound('Onboarding task');
    let manager = false;
    if (auth.permissions.has(ACCESS)) manager = (await this.applications.sight(auth)).sees(task);
    if (!manager && task.owner_id !== auth.userId) throw notFound('Onboarding task');
    return { task, manager };
  }

  async updateTask(auth: AuthContext, id: number, input: TaskUpdate): Promise<TOnboardingTask> {
    const { task, manager } = await this.taskFor(auth, id);
    if (!manager && (input.owner_user_id !== undefined || input.due_date !== undefined))
      throw forbidden();
    const owner =
      input.owner_user_id === undefined
        ? undefined
        : await this.activeManager(auth.companyId, input.owner_user_id, 'owner_user_id');
    await this.repo.transaction(async (trx) => {
      await this.repo.updateTask(trx, id, {
        ...(input.done !== undefined
          ? {
              done: input.done,
              done_at: input.done ? new Date().toISOString() : null,
              done_by: input.done ? auth.userId : null,
            }
          : {}),
        ...(owner ? { owner_id: owner, overdue_notified_at: null } : {}),
        ...(input.due_date !== undefined
          ? { due_date: input.due_date, overdue_notified_at: null }
          : {}),
      });
      if (input.done !== undefined) await this.progressed(trx, auth.companyId, task.onboarding_id);
    });
    return this.oneTask(auth.companyId, task.onboarding_id, id);
  }

  /**
   * After a task changed: the progress counters, and the automatic moves between system statuses
   * (first task done: not started → in progress; all done: → done). A company status stays.
   */
  async progressed(trx: Trx, companyId: number, onboardingId: number) {
    await this.repo.refreshProgress(trx, onboardingId);
    const o = await trx
      .selectFrom('onboardings as o')
      .innerJoin('onboarding_statuses as s', 's.id', 'o.status_id')
      .select(['o.tasks_done', 'o.tasks_total', 's.system_key', 'o.cancelled_at'])
      .where('o.id', '=', onboardingId)
      .executeTakeFirstOrThrow();
    if (o.cancelled_at || (o.system_key !== 'not_started' && o.system_key !== 'in_progress'))
      return;
    const next =
      o.tasks_total > 0 && o.tasks_done >= o.tasks_total
        ? 'done'
        : o.tasks_done > 0
          ? 'in_progress'
          : null;
    if (!next || next === o.system_key) return;
    const statusId = await this.config.systemStatusId(companyId, next, trx);
    await this.repo.updateOnboarding(trx, companyId, onboardingId, { status_id: statusId });
  }

  private async oneTask(companyId: number, onboardingId: number, id: number) {
    const today = await this.today(companyId);
    const tasks = (await this.repo.tasks(onboardingId)).filter((t) => t.id === id);
    const comments = await this.repo.comments([id]);
    return this.task(tasks[0]!, today, comments);
  }

  async comment(auth: AuthContext, id: number, body: string): Promise<TOnboardingTaskComment> {
    await this.taskFor(auth, id);
    const row = await this.repo.addComment(auth.companyId, id, auth.userId, body);
    const me = await this.repo.activeUser(auth.companyId, auth.userId);
    return {
      id: row.id,
      body,
      created_at: row.created_at,
      author: me ? { id: me.id, name: name(me.firstname, me.lastname) } : null,
    };
  }

  async myTasks(
    auth: AuthContext,
    q: { page: number; per_page: number; 'filter[done]'?: boolean | undefined },
  ): Promise<TMyTaskPage> {
    const [today, { rows, total }] = await Promise.all([
      this.today(auth.companyId),
      this.repo.myTasks(auth.companyId, auth.userId, q['filter[done]'], q.page, q.per_page),
    ]);
    return pageOf(
      rows.map((t) => ({
        ...taskFields(t, today),
        comment_count: Number(t.comment_count ?? 0),
        onboarding: {
          id: t.onboarding_id,
          applicant: { firstname: t.firstname, lastname: t.lastname },
          offer_title: t.offer_title,
          start_date: t.start_date,
        },
      })),
      q.page,
      q.per_page,
      total,
    );
  }

  /** Document tasks whose document arrived are done (all, or one onboarding's). */
  async syncDocuments(onboardingId?: number): Promise<number> {
    const arrived = await this.repo.arrivedDocuments(onboardingId);
    for (const t of arrived)
      await this.repo.transaction(async (trx) => {
        const r = await trx
          .updateTable('onboarding_tasks')
          .set({ done: true, done_at: new Date().toISOString(), done_by: null })
          .where('id', '=', t.id)
          .where('done', '=', false)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 1)
          await this.progressed(trx, t.company_id, t.onboarding_id);
      });
    return arrived.length;
  }
}
