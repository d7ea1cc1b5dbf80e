import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { applicantLanguage } from '../../platform/db/applicant-language.ts';
import { likePattern } from '../../platform/db/like-pattern.ts';
import { searchActiveUsers } from '../../platform/db/user-search.ts';
import type { DB } from '../../platform/db/schema.ts';
import { PLANNER_STEP_MINUTES } from '@embauche/contracts/planner';

export type Trx = Kysely<DB> | Transaction<DB>;
const STEP_MS = PLANNER_STEP_MINUTES * 60_000;

/** The 5-minute steps an appointment touches: its start's step to its end's step, end excluded. */
export function stepsOf(startMs: number, endMs: number): number[] {
  const steps: number[] = [];
  for (let s = Math.floor(startMs / STEP_MS); s < Math.ceil(endMs / STEP_MS); s++) steps.push(s);
  return steps;
}

/** A new appointment or its new values (the interviewers apart). */
export type AppointmentValues = {
  company_id: number;
  template_id: number | null;
  title: string;
  start_at: string;
  end_at: string;
  source: 'planner' | 'booking';
  location_kind: string | null;
  location: string;
  applicant_id: number | null;
  application_id: number | null;
  notes: string;
  allow_conflicts: boolean;
  created_by: number | null;
};

/** The longest appointment (24 h): range queries look this far back for ones still running. */
const LONGEST_MS = 24 * 3_600_000;

/** The planner's SQL (templates, appointments, claims); every query takes the company id. */
export class PlannerRepository {
  constructor(readonly db: Kysely<DB>) {}

  transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  // ---- templates ----

  async templatePage(companyId: number, search: string | undefined, page: number, perPage: number) {
    let q = this.db.selectFrom('appointment_templates').where('company_id', '=', companyId);
    if (search)
      q = q.where(
        (eb) => sql<SqlBool>`lower(${eb.ref('name')}) like ${likePattern(search)} escape '\\'`,
      );
    const [rows, total] = await Promise.all([
      q
        .selectAll()
        .orderBy('name')
        .orderBy('id')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  template(companyId: number, id: number, db: Trx = this.db) {
    return db
      .selectFrom('appointment_templates')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  countTemplates(companyId: number) {
    return this.db
      .selectFrom('appointment_templates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }

  /** Interviewers of templates, in their order. */
  templateInterviewers(templateIds: number[], db: Trx = this.db) {
    if (!templateIds.length) return Promise.resolve([]);
    return db
      .selectFrom('appointment_template_interviewers as ti')
      .innerJoin('users as u', 'u.id', 'ti.user_id')
      .select(['ti.template_id', 'u.id', 'u.firstname', 'u.lastname', 'u.email'])
      .where('ti.template_id', 'in', templateIds)
      .orderBy('ti.template_id')
      .orderBy('ti.position')
      .execute();
  }

  async setTemplateInterviewers(trx: Trx, templateId: number, userIds: number[]) {
    await trx
      .deleteFrom('appointment_template_interviewers')
      .where('template_id', '=', templateId)
      .execute();
    if (userIds.length)
      await trx
        .insertInto('appointment_template_interviewers')
        .values(
          userIds.map((user_id, position) => ({ template_id: templateId, user_id, position })),
        )
        .execute();
  }

  /** The active users of the company among `ids`. */
  async activeUsers(companyId: number, ids: number[]) {
    if (!ids.length) return [];
    return this.db
      .selectFrom('users')
      .select(['id', 'firstname', 'lastname', 'email', 'language', 'time_zone'])
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      .where('id', 'in', ids)
      .execute();
  }

  /** Active users of the company whose name or e-mail holds `search`, by last name. */
  searchUsers(companyId: number, search: string | undefined, limit: number) {
    return searchActiveUsers(this.db, companyId, search, limit);
  }

  /** Applications of the company's applicants `ids` (newest first). */
  applicationsOf(companyId: number, applicantIds: number[]) {
    if (!applicantIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('applications as ap')
      .leftJoin('offers as o', 'o.id', 'ap.offer_id')
      .select(['ap.id', 'ap.applicant_id', 'ap.offer_id', 'o.job_position as offer_title'])
      .where('ap.company_id', '=', companyId)
      .where('ap.applicant_id', 'in', applicantIds)
      .orderBy('ap.id', 'desc')
      .execute();
  }

  usersByIds(ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('users')
      .select(['id', 'firstname', 'lastname'])
      .where('id', 'in', ids)
      .execute();
  }

  /** Mail models of the company of `kind` among `ids`. */
  async mailModelIds(companyId: number, ids: number[], kind: string) {
    if (!ids.length) return new Set<number>();
    const rows = await this.db
      .selectFrom('mail_models')
      .select('id')
      .where('company_id', '=', companyId)
      .where('kind', '=', kind)
      .where('id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  // ---- appointments ----

  private appointmentQuery(db: Trx = this.db) {
    return db
      .selectFrom('appointments as a')
      .leftJoin('appointment_templates as t', 't.id', 'a.template_id')
      .leftJoin('applicants as p', 'p.id', 'a.applicant_id')
      .leftJoin('applications as ap', 'ap.id', 'a.application_id')
      .leftJoin('offers as o', 'o.id', 'ap.offer_id')
      .leftJoin('users as c', 'c.id', 'a.created_by')
      .selectAll('a')
      .select([
        't.name as template_name',
        'p.firstname as applicant_firstname',
        'p.lastname as applicant_lastname',
        'p.email as applicant_email',
        'o.id as offer_id',
        'o.job_position as offer_title',
        'c.firstname as creator_firstname',
        'c.lastname as creator_lastname',
      ]);
  }

  appointment(companyId: number, id: number, db: Trx = this.db) {
    return this.appointmentQuery(db)
      .where('a.company_id', '=', companyId)
      .where('a.id', '=', id)
      .executeTakeFirst();
  }

  appointmentsByIds(companyId: number, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.appointmentQuery()
      .where('a.company_id', '=', companyId)
      .where('a.id', 'in', ids)
      .orderBy('a.start_at')
      .orderBy('a.id')
      .execute();
  }

  interviewersOf(appointmentIds: number[], db: Trx = this.db) {
    if (!appointmentIds.length) return Promise.resolve([]);
    return db
      .selectFrom('appointment_interviewers as ai')
      .innerJoin('users as u', 'u.id', 'ai.user_id')
      .select(['ai.appointment_id', 'u.id', 'u.firstname', 'u.lastname', 'u.email', 'u.language'])
      .where('ai.appointment_id', 'in', appointmentIds)
      .orderBy('u.lastname')
      .orderBy('u.id')
      .execute();
  }

  /**
   * The confirmed appointments of `userIds` overlapping [from, to): by the (user, start) index,
   * from the longest appointment's length before `from`. Ids, at most `limit`.
   */
  async idsInRange(
    companyId: number,
    userIds: number[],
    from: string,
    to: string,
    limit: number,
    excludeId?: number,
    db: Trx = this.db,
  ): Promise<number[]> {
    if (!userIds.length) return [];
    let q = db
      .selectFrom('appointment_interviewers')
      .select('appointment_id')
      .distinct()
      .where('company_id', '=', companyId)
      .where('user_id', 'in', userIds)
      .where('start_at', '>=', new Date(Date.parse(from) - LONGEST_MS).toISOString())
      .where('start_at', '<', to)
      .where('end_at', '>', from)
      .where('cancelled', '=', false);
    if (excludeId !== undefined) q = q.where('appointment_id', '!=', excludeId);
    const rows = await q.orderBy('appointment_id').limit(limit).execute();
    return rows.map((r) => r.appointment_id);
  }

  /** The busy spans of `userIds` overlapping [from, to) (confirmed appointments), with their users. */
  busy(companyId: number, userIds: number[], from: string, to: string, db: Trx = this.db) {
    if (!userIds.length) return Promise.resolve([]);
    return db
      .selectFrom('appointment_interviewers')
      .select(['appointment_id', 'user_id', 'start_at', 'end_at'])
      .where('company_id', '=', companyId)
      .where('user_id', 'in', userIds)
      .where('start_at', '>=', new Date(Date.parse(from) - LONGEST_MS).toISOString())
      .where('start_at', '<', to)
      .where('end_at', '>', from)
      .where('cancelled', '=', false)
      .execute();
  }

  async insertAppointment(trx: Trx, values: AppointmentValues, now: string): Promise<number> {
    const row = await trx
      .insertInto('appointments')
      .values({ ...values, status: 'confirmed', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateAppointment(
    trx: Trx,
    companyId: number,
    id: number,
    values: Partial<AppointmentValues> & { status?: string },
    now: string,
  ) {
    await trx
      .updateTable('appointments')
      .set({ ...values, updated_at: now })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }

  /**
   * Writes the appointment's interviewers and its claims on their 5-minute steps. Guarded: a
   * unique-key refusal there means another appointment holds a step (the caller's transaction then
   * fails, and the caller answers 409). Kept despite its conflicts (`guarded` false): it claims the
   * steps nobody holds and leaves the others to their holder (ON CONFLICT DO NOTHING), so that a
   * candidate cannot book on top of it even at the same moment.
   */
  async placeAppointment(
    trx: Trx,
    a: {
      id: number;
      companyId: number;
      userIds: number[];
      start: string;
      end: string;
      guarded: boolean;
      cancelled?: boolean;
    },
  ) {
    await trx.deleteFrom('appointment_claims').where('appointment_id', '=', a.id).execute();
    await trx.deleteFrom('appointment_interviewers').where('appointment_id', '=', a.id).execute();
    if (!a.userIds.length) return;
    await trx
      .insertInto('appointment_interviewers')
      .values(
        a.userIds.map((user_id) => ({
          appointment_id: a.id,
          user_id,
          company_id: a.companyId,
          start_at: a.start,
          end_at: a.end,
          cancelled: a.cancelled ?? false,
        })),
      )
      .execute();
    if (a.cancelled) return;
    const steps = stepsOf(Date.parse(a.start), Date.parse(a.end));
    // In one order everywhere (users, then steps): two writers never wait on each other crosswise.
    const rows = [...a.userIds]
      .sort((x, y) => x - y)
      .flatMap((user_id) => steps.map((step) => ({ user_id, step, appointment_id: a.id })));
    for (let i = 0; i < rows.length; i += 500) {
      const insert = trx.insertInto('appointment_claims').values(rows.slice(i, i + 500));
      await (
        a.guarded ? insert : insert.onConflict((oc) => oc.columns(['user_id', 'step']).doNothing())
      ).execute();
    }
  }

  /** An applicant's appointments, newest start first (paged). */
  async applicantPage(companyId: number, applicantId: number, page: number, perPage: number) {
    const base = this.db
      .selectFrom('appointments')
      .where('company_id', '=', companyId)
      .where('applicant_id', '=', applicantId);
    const [ids, total] = await Promise.all([
      base
        .select('id')
        .orderBy('start_at', 'desc')
        .orderBy('id', 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { ids: ids.map((r) => r.id), total: Number(total.n) };
  }

  /** The application of the company (with its applicant and offer), or undefined. */
  application(companyId: number, id: number) {
    return this.db
      .selectFrom('applications as ap')
      .leftJoin('offers as o', 'o.id', 'ap.offer_id')
      .select(['ap.id', 'ap.applicant_id', 'ap.offer_id', 'o.job_position as offer_title'])
      .where('ap.company_id', '=', companyId)
      .where('ap.id', '=', id)
      .executeTakeFirst();
  }

  /** The zone a user sees the planner in: their own, else the company's. */
  async userTimeZone(companyId: number, userId: number): Promise<string> {
    const row = await this.db
      .selectFrom('companies as c')
      .leftJoin('users as u', (j) => j.onRef('u.company_id', '=', 'c.id').on('u.id', '=', userId))
      .select(['c.time_zone as company_zone', 'u.time_zone as user_zone'])
      .where('c.id', '=', companyId)
      .executeTakeFirstOrThrow();
    return row.user_zone ?? row.company_zone;
  }

  company(companyId: number) {
    return this.db
      .selectFrom('companies')
      .select(['id', 'slug', 'social_reason', 'default_language', 'time_zone', 'logo_key'])
      .where('id', '=', companyId)
      .executeTakeFirstOrThrow();
  }

  /** The language an applicant wrote to the company in (career site, else community), or null. */
  applicantLanguage(companyId: number, applicantId: number): Promise<string | null> {
    return applicantLanguage(this.db, companyId, applicantId);
  }

  applicant(companyId: number, id: number) {
    return this.db
      .selectFrom('applicants')
      .select(['id', 'firstname', 'lastname', 'email', 'email_blocked', 'phone'])
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
  }
}
