import {
  TEMPLATE_MAIL_KINDS,
  TEMPLATE_MAIL_PURPOSES,
  TEMPLATES_MAX,
  type TAppointmentTemplate,
  type TAppointmentTemplateInput,
  type TAppointmentTemplatePage,
  type TWeeklyHours,
} from '@embauche/contracts/planner';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { notFound, validationFailed, type FieldErrors } from '../../platform/http/http-error.ts';
import type { SlotRules } from './free-slots.ts';
import type { PlannerRepository } from './planner.repository.ts';

type TemplateRow = NonNullable<Awaited<ReturnType<PlannerRepository['template']>>>;
type Availability = {
  mode: SlotRules['mode'];
  weekly_hours: TWeeklyHours;
  interviewer_hours: { user_id: number; weekly_hours: TWeeklyHours }[];
  exceptions: SlotRules['exceptions'];
};

/** A saved template's rules for the slot computation. */
export function slotRules(row: TemplateRow): SlotRules {
  const a = JSON.parse(row.availability) as Availability;
  return {
    timeZone: row.time_zone,
    durationMinutes: row.duration_minutes,
    bufferBeforeMinutes: row.buffer_before_minutes,
    bufferAfterMinutes: row.buffer_after_minutes,
    stepMinutes: row.slot_step_minutes,
    mode: a.mode,
    weeklyHours: a.weekly_hours,
    interviewerHours: a.interviewer_hours,
    exceptions: a.exceptions,
    horizonDays: row.horizon_days,
    minNoticeMinutes: row.min_notice_minutes,
  };
}

export function mailModelsOf(row: TemplateRow): TAppointmentTemplate['mail_models'] {
  return JSON.parse(row.mail_models) as TAppointmentTemplate['mail_models'];
}

/** Appointment templates (config `appointment-template`, `planner.access`). */
export class TemplatesService {
  constructor(private readonly repo: PlannerRepository) {}

  async page(
    auth: AuthContext,
    query: { page: number; per_page: number; search?: string | undefined },
  ): Promise<TAppointmentTemplatePage> {
    const { rows, total } = await this.repo.templatePage(
      auth.companyId,
      query.search,
      query.page,
      query.per_page,
    );
    const people = await this.repo.templateInterviewers(rows.map((r) => r.id));
    return {
      data: rows.map((r) => ({
        id: r.id,
        name: r.name,
        duration_minutes: r.duration_minutes,
        location_kind: r.location_kind as TAppointmentTemplate['location_kind'],
        interviewers: people
          .filter((p) => p.template_id === r.id)
          .map((p) => ({ id: p.id, firstname: p.firstname, lastname: p.lastname })),
        time_zone: r.time_zone,
        updated_at: r.updated_at,
      })),
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      total,
    };
  }

  /** The template row of the company, or 404. */
  async require(auth: { companyId: number }, id: number): Promise<TemplateRow> {
    const row = await this.repo.template(auth.companyId, id);
    if (!row) throw notFound('Appointment template');
    return row;
  }

  async get(auth: AuthContext, id: number): Promise<TAppointmentTemplate> {
    return this.toTemplate(await this.require(auth, id));
  }

  async create(auth: AuthContext, input: TAppointmentTemplateInput): Promise<TAppointmentTemplate> {
    await this.check(auth, input);
    if ((await this.repo.countTemplates(auth.companyId)) >= TEMPLATES_MAX)
      throw validationFailed({ name: [`max_items:${TEMPLATES_MAX}`] });
    const now = new Date().toISOString();
    const id = await this.repo.transaction(async (trx) => {
      const row = await trx
        .insertInto('appointment_templates')
        .values({
          ...this.columns(input),
          company_id: auth.companyId,
          created_by: auth.userId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.repo.setTemplateInterviewers(trx, row.id, [...new Set(input.interviewer_ids)]);
      return row.id;
    });
    return this.get(auth, id);
  }

  async update(
    auth: AuthContext,
    id: number,
    input: TAppointmentTemplateInput,
  ): Promise<TAppointmentTemplate> {
    await this.require(auth, id);
    await this.check(auth, input);
    await this.repo.transaction(async (trx) => {
      await trx
        .updateTable('appointment_templates')
        .set({ ...this.columns(input), updated_at: new Date().toISOString() })
        .where('company_id', '=', auth.companyId)
        .where('id', '=', id)
        .execute();
      await this.repo.setTemplateInterviewers(trx, id, [...new Set(input.interviewer_ids)]);
    });
    return this.get(auth, id);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    await this.require(auth, id);
    await this.repo.db
      .deleteFrom('appointment_templates')
      .where('company_id', '=', auth.companyId)
      .where('id', '=', id)
      .execute();
  }

  private columns(input: TAppointmentTemplateInput) {
    const availability: Availability = {
      mode: input.availability_mode,
      weekly_hours: input.weekly_hours,
      interviewer_hours: input.interviewer_hours,
      exceptions: input.exceptions,
    };
    return {
      name: input.name,
      duration_minutes: input.duration_minutes,
      buffer_before_minutes: input.buffer_before_minutes,
      buffer_after_minutes: input.buffer_after_minutes,
      slot_step_minutes: input.slot_step_minutes,
      location_kind: input.location_kind,
      location: input.location,
      time_zone: input.time_zone,
      availability: JSON.stringify(availability),
      horizon_days: input.horizon_days,
      min_notice_minutes: input.min_notice_minutes,
      mail_models: JSON.stringify(input.mail_models),
    };
  }

  /** Interviewers are active users of the company; models are the company's, of the right kind. */
  private async check(auth: AuthContext, input: TAppointmentTemplateInput) {
    const errors: FieldErrors = {};
    const ids = [...new Set(input.interviewer_ids)];
    const users = await this.repo.activeUsers(auth.companyId, ids);
    if (users.length !== ids.length) errors.interviewer_ids = ['unknown_user'];
    input.interviewer_hours.forEach((h, i) => {
      if (!ids.includes(h.user_id)) errors[`interviewer_hours.${i}.user_id`] = ['unknown_user'];
    });
    input.exceptions.forEach((e, i) => {
      if (e.user_id !== null && !ids.includes(e.user_id))
        errors[`exceptions.${i}.user_id`] = ['unknown_user'];
    });
    if (input.location_kind === 'video' && input.location && !/^https:\/\//i.test(input.location))
      errors.location = ['invalid_url'];
    for (const purpose of TEMPLATE_MAIL_PURPOSES) {
      const modelId = input.mail_models[purpose];
      if (modelId === null) continue;
      const found = await this.repo.mailModelIds(
        auth.companyId,
        [modelId],
        TEMPLATE_MAIL_KINDS[purpose],
      );
      if (!found.has(modelId)) errors[`mail_models.${purpose}`] = ['invalid'];
    }
    if (Object.keys(errors).length) throw validationFailed(errors);
  }

  async toTemplate(row: TemplateRow): Promise<TAppointmentTemplate> {
    const a = JSON.parse(row.availability) as Availability;
    const people = await this.repo.templateInterviewers([row.id]);
    return {
      id: row.id,
      name: row.name,
      duration_minutes: row.duration_minutes,
      buffer_before_minutes: row.buffer_before_minutes,
      buffer_after_minutes: row.buffer_after_minutes,
      slot_step_minutes: row.slot_step_minutes,
      location_kind: row.location_kind as TAppointmentTemplate['location_kind'],
      location: row.location,
      interviewers: people.map((p) => ({ id: p.id, firstname: p.firstname, lastname: p.lastname })),
      time_zone: row.time_zone,
      availability_mode: a.mode,
      weekly_hours: a.weekly_hours,
      interviewer_hours: a.interviewer_hours,
      exceptions: a.exceptions,
      horizon_days: row.horizon_days,
      min_notice_minutes: row.min_notice_minutes,
      mail_models: mailModelsOf(row),
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }
}
