import { ERROR_CODES } from '@embauche/contracts/errors';
import {
  PLANNER_RANGE_ITEMS_MAX,
  PLANNER_RANGE_MAX_DAYS,
  type TAppointment,
  type TAppointmentInput,
  type TAppointmentList,
  type TAppointmentPage,
  type TConflicts,
  type TFreeSlots,
} from '@embauche/contracts/planner';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { isUniqueViolation } from '../../platform/db/unique-name.ts';
import { HttpError, notFound, validationFailed } from '../../platform/http/http-error.ts';
import { queueMail } from '../../platform/mail/mailer.ts';
import type { ApplicantsService } from '../applicants/applicants.service.ts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import type { FeedWriter } from '../activity-feed/feed-writer.ts';
import { freeSlots } from './free-slots.ts';
import { appointmentEvent } from './appointment-ics.ts';
import { renderPlannerMail, withIcs, type PlannerMailModels } from './planner-mail.ts';
import type { PlannerRepository, Trx } from './planner.repository.ts';
import { mailModelsOf, slotRules, type TemplatesService } from './templates.service.ts';

type AppointmentRow = NonNullable<Awaited<ReturnType<PlannerRepository['appointment']>>>;
type TemplateRow = Awaited<ReturnType<TemplatesService['require']>>;
const DAY = 86_400_000;

export const slotTaken = () =>
  new HttpError(409, 'This time slot is no longer free.', ERROR_CODES.slotTaken);

/** Checks a range of instants: `to` after `from`, at most PLANNER_RANGE_MAX_DAYS. */
export function checkRange(from: string, to: string) {
  const a = Date.parse(from);
  const b = Date.parse(to);
  if (!(b > a)) throw validationFailed({ to: ['invalid'] });
  if (b - a > PLANNER_RANGE_MAX_DAYS * DAY)
    throw validationFailed({ to: [`max_value:${PLANNER_RANGE_MAX_DAYS}`] });
  return { from: new Date(a).toISOString(), to: new Date(b).toISOString() };
}

/**
 * Appointments (contracts/planner.ts, docs/planner.md): the planner's range, one appointment, its
 * changes (no interviewer's steps held twice unless the recruiter keeps the conflicts), the
 * applicant's list, the conflicts shown before saving, a template's free slots.
 */
export class AppointmentsService {
  constructor(
    readonly repo: PlannerRepository,
    readonly templates: TemplatesService,
    private readonly applicants: Pick<ApplicantsService, 'many' | 'scope'>,
    private readonly applications: Pick<ApplicationsService, 'sight'>,
    private readonly feed: () => Pick<FeedWriter, 'appointment'>,
    readonly models: PlannerMailModels,
    readonly base: () => string,
  ) {}

  /** Appointments as the contract has them; applicants the user does not see are left out. */
  async toAppointments(
    auth: AuthContext | null,
    rows: AppointmentRow[],
    known?: {
      people: Awaited<ReturnType<PlannerRepository['interviewersOf']>>;
      scope: Awaited<ReturnType<ApplicantsService['scope']>>;
    },
  ): Promise<TAppointment[]> {
    const [people, scope] = known
      ? [known.people, known.scope]
      : await Promise.all([
          this.repo.interviewersOf(rows.map((r) => r.id)),
          auth ? this.applicants.scope(auth) : null,
        ]);
    const applicantIds = [
      ...new Set(rows.map((r) => r.applicant_id).filter((v): v is number => v !== null)),
    ];
    // Every applicant of the company for a user who sees them all (project.see_all): no look-up.
    const all = !auth || scope?.visibleProjects === null;
    const seen = all ? null : await this.applicants.many(auth, applicantIds);
    return rows.map((r) => {
      const visible = r.applicant_id !== null && (seen === null || seen.has(r.applicant_id));
      return {
        id: r.id,
        title: r.title,
        start_at: r.start_at,
        end_at: r.end_at,
        status: r.status as TAppointment['status'],
        source: r.source as TAppointment['source'],
        template:
          r.template_id !== null && r.template_name !== null
            ? { id: r.template_id, name: r.template_name }
            : null,
        location_kind: r.location_kind as TAppointment['location_kind'],
        location: r.location,
        interviewers: people
          .filter((p) => p.appointment_id === r.id)
          .map((p) => ({ id: p.id, firstname: p.firstname, lastname: p.lastname })),
        applicant: visible
          ? {
              id: r.applicant_id!,
              firstname: r.applicant_firstname ?? '',
              lastname: r.applicant_lastname ?? '',
            }
          : null,
        application_id: visible ? r.application_id : null,
        offer:
          visible && r.offer_id !== null ? { id: r.offer_id, title: r.offer_title ?? '' } : null,
        notes: r.notes,
        allow_conflicts: Boolean(r.allow_conflicts),
        created_by:
          r.created_by !== null
            ? {
                id: r.created_by,
                firstname: r.creator_firstname ?? '',
                lastname: r.creator_lastname ?? '',
              }
            : null,
        created_at: r.created_at,
        updated_at: r.updated_at,
      };
    });
  }

  private async checkUsers(auth: AuthContext, ids: number[], field: string) {
    const users = await this.repo.activeUsers(auth.companyId, ids);
    if (users.length !== new Set(ids).size) throw validationFailed({ [field]: ['unknown_user'] });
    return users;
  }

  async range(
    auth: AuthContext,
    query: { from: string; to: string; user_ids?: number[] | undefined },
  ): Promise<TAppointmentList> {
    const { from, to } = checkRange(query.from, query.to);
    const userIds = query.user_ids?.length ? [...new Set(query.user_ids)] : [auth.userId];
    if (query.user_ids?.length) await this.checkUsers(auth, userIds, 'user_ids');
    const ids = await this.repo.idsInRange(
      auth.companyId,
      userIds,
      from,
      to,
      PLANNER_RANGE_ITEMS_MAX + 1,
    );
    const kept = ids.slice(0, PLANNER_RANGE_ITEMS_MAX);
    // The rows, their interviewers, the caller's sight and the zone at once (a pool on PostgreSQL).
    const [rows, people, scope, timeZone] = await Promise.all([
      this.repo.appointmentsByIds(auth.companyId, kept),
      this.repo.interviewersOf(kept),
      this.applicants.scope(auth),
      this.repo.userTimeZone(auth.companyId, auth.userId),
    ]);
    return {
      data: await this.toAppointments(auth, rows, { people, scope }),
      truncated: ids.length > PLANNER_RANGE_ITEMS_MAX,
      // The caller's own zone, else the company's (docs/planner.md "Time zones").
      time_zone: timeZone,
    };
  }

  async require(companyId: number, id: number, db?: Trx): Promise<AppointmentRow> {
    const row = await this.repo.appointment(companyId, id, db);
    if (!row) throw notFound('Appointment');
    return row;
  }

  async get(auth: AuthContext, id: number): Promise<TAppointment> {
    const [one] = await this.toAppointments(auth, [await this.require(auth.companyId, id)]);
    return one!;
  }

  async conflicts(
    auth: AuthContext,
    query: {
      start_at: string;
      end_at: string;
      user_ids?: number[] | undefined;
      exclude_id?: number | undefined;
    },
  ): Promise<TConflicts> {
    const { from, to } = checkRange(query.start_at, query.end_at);
    const userIds = query.user_ids?.length ? [...new Set(query.user_ids)] : [auth.userId];
    // The caller's own appointments need no check (a staff member acting as the company too).
    const users = query.user_ids?.length
      ? await this.checkUsers(auth, userIds, 'user_ids')
      : await this.repo.usersByIds(userIds);
    const busy = (await this.repo.busy(auth.companyId, userIds, from, to)).filter(
      (b) => b.appointment_id !== query.exclude_id,
    );
    const rows = await this.repo.appointmentsByIds(auth.companyId, [
      ...new Set(busy.map((b) => b.appointment_id)),
    ]);
    return {
      conflicts: busy
        .map((b) => {
          const u = users.find((x) => x.id === b.user_id);
          const a = rows.find((r) => r.id === b.appointment_id);
          return {
            user: { id: b.user_id, firstname: u?.firstname ?? '', lastname: u?.lastname ?? '' },
            appointment_id: b.appointment_id,
            title: a?.title ?? '',
            start_at: b.start_at,
            end_at: b.end_at,
          };
        })
        .sort((a, b) => a.start_at.localeCompare(b.start_at) || a.user.id - b.user.id),
    };
  }

  /** The applicant (seen by the user) and the application (theirs), or 422. */
  private async links(auth: AuthContext, input: TAppointmentInput) {
    if (input.applicant_id === null) {
      if (input.application_id !== null) throw validationFailed({ application_id: ['invalid'] });
      return { applicant: null, offerId: null };
    }
    const seen = await this.applicants.many(auth, [input.applicant_id]);
    if (!seen.has(input.applicant_id))
      throw validationFailed({ applicant_id: ['unknown_applicant'] });
    const applicant = (await this.repo.applicant(auth.companyId, input.applicant_id))!;
    if (input.application_id === null) return { applicant, offerId: null };
    const application = await this.repo.application(auth.companyId, input.application_id);
    if (
      !application ||
      application.applicant_id !== input.applicant_id ||
      !(await this.applications.sight(auth)).sees(application)
    )
      throw validationFailed({ application_id: ['invalid'] });
    return { applicant, offerId: application.offer_id, offerTitle: application.offer_title };
  }

  /** 409 `interviewer_busy` naming the busy interviewers, when the recruiter did not accept it. */
  private async refuseBusy(
    companyId: number,
    userIds: number[],
    start: string,
    end: string,
    excludeId: number | undefined,
    db: Trx,
  ) {
    const busy = (await this.repo.busy(companyId, userIds, start, end, db)).filter(
      (b) => b.appointment_id !== excludeId,
    );
    if (busy.length)
      throw new HttpError(
        409,
        'An interviewer has another appointment then.',
        ERROR_CODES.interviewerBusy,
        { interviewer_ids: [...new Set(busy.map((b) => `busy:${b.user_id}`))] },
      );
  }

  async create(auth: AuthContext, input: TAppointmentInput): Promise<TAppointment> {
    return this.save(auth, null, input);
  }

  async update(auth: AuthContext, id: number, input: TAppointmentInput): Promise<TAppointment> {
    const row = await this.require(auth.companyId, id);
    if (row.status !== 'confirmed') throw validationFailed({ status: ['invalid'] });
    return this.save(auth, row, input);
  }

  private async save(
    auth: AuthContext,
    before: AppointmentRow | null,
    input: TAppointmentInput,
  ): Promise<TAppointment> {
    const userIds = [...new Set(input.interviewer_ids)];
    await this.checkUsers(auth, userIds, 'interviewer_ids');
    const link = await this.links(auth, input);
    let template: TemplateRow | null = null;
    if (input.template_id !== null) {
      template = (await this.repo.template(auth.companyId, input.template_id)) ?? null;
      if (!template) throw validationFailed({ template_id: ['invalid'] });
    }
    const start = new Date(input.start_at).toISOString();
    const end = new Date(input.end_at).toISOString();
    const company = await this.repo.company(auth.companyId);
    const moved = before !== null && (before.start_at !== start || before.end_at !== end);
    // The candidate's e-mail is read before the transaction (models come from the database).
    const mail =
      input.notify_applicant &&
      link.applicant?.email &&
      !link.applicant.email_blocked &&
      (before === null || moved)
        ? await renderPlannerMail(
            this.models,
            before === null ? 'interview_invitation' : 'interview_change',
            {
              companyId: auth.companyId,
              companyName: company.social_reason,
              templateName: template?.name ?? input.title,
              language: await this.repo.applicantLanguage(auth.companyId, link.applicant.id),
              companyLanguage: company.default_language,
              timeZone: template?.time_zone ?? company.time_zone,
              start: new Date(start),
              end: new Date(end),
              place: input.location,
              link: null,
              offerTitle: link.offerTitle ?? null,
              candidate: { ...link.applicant, email: link.applicant.email },
              modelId: template
                ? mailModelsOf(template)[before === null ? 'invitation' : 'change']
                : null,
              // Signed by the organiser (who made the appointment).
              sender: before?.created_by ?? auth.userId,
            },
          )
        : null;
    const now = new Date().toISOString();
    const values = {
      company_id: auth.companyId,
      template_id: input.template_id,
      title: input.title,
      start_at: start,
      end_at: end,
      source: (before?.source ?? 'planner') as 'planner' | 'booking',
      location_kind: input.location_kind,
      location: input.location,
      applicant_id: input.applicant_id,
      application_id: input.application_id,
      notes: input.notes,
      allow_conflicts: input.allow_conflicts,
      created_by: before?.created_by ?? auth.userId,
    };
    let id: number;
    try {
      id = await this.repo.transaction(async (trx) => {
        if (!input.allow_conflicts)
          await this.refuseBusy(auth.companyId, userIds, start, end, before?.id, trx);
        let id: number;
        if (before) {
          id = before.id;
          await this.repo.updateAppointment(trx, auth.companyId, id, values, now);
        } else id = await this.repo.insertAppointment(trx, values, now);
        await this.repo.placeAppointment(trx, {
          id,
          companyId: auth.companyId,
          userIds,
          start,
          end,
          guarded: !input.allow_conflicts,
        });
        if (input.applicant_id !== null && (before === null || moved))
          await this.feed().appointment(
            { companyId: auth.companyId, userId: auth.userId },
            before === null ? 'appointment_scheduled' : 'appointment_changed',
            {
              applicantId: input.applicant_id,
              offerId: link.offerId,
              appointmentId: id,
              applicationId: input.application_id,
              title: input.title,
              startAt: start,
              endAt: end,
              source: values.source,
            },
            trx,
          );
        if (mail)
          await queueMail(
            trx,
            withIcs(
              mail,
              appointmentEvent(this.base(), {
                id,
                title: input.title,
                start,
                end,
                location: input.location,
                updatedAt: now,
                cancelled: false,
                organizer: null,
                attendees: [],
                timeZone: template?.time_zone ?? company.time_zone,
              }),
              'REQUEST',
            ),
          );
        return id;
      });
    } catch (err) {
      if (isUniqueViolation(err))
        throw new HttpError(
          409,
          'An interviewer has another appointment then.',
          ERROR_CODES.interviewerBusy,
          { interviewer_ids: ['busy'] },
        );
      throw err;
    }
    return this.get(auth, id);
  }

  /** Cancels (kept, status `cancelled`, its steps freed); the candidate told when asked. */
  async cancel(auth: AuthContext, id: number, notify: boolean): Promise<void> {
    const row = await this.require(auth.companyId, id);
    if (row.status === 'cancelled') return;
    const template = row.template_id
      ? ((await this.repo.template(auth.companyId, row.template_id)) ?? null)
      : null;
    const company = await this.repo.company(auth.companyId);
    const mail =
      notify && row.applicant_id !== null && row.applicant_email
        ? await renderPlannerMail(this.models, 'interview_cancellation', {
            companyId: auth.companyId,
            companyName: company.social_reason,
            templateName: template?.name ?? row.title,
            language: await this.repo.applicantLanguage(auth.companyId, row.applicant_id),
            companyLanguage: company.default_language,
            timeZone: template?.time_zone ?? company.time_zone,
            start: new Date(row.start_at),
            end: new Date(row.end_at),
            place: row.location,
            link: null,
            offerTitle: row.offer_title,
            candidate: {
              firstname: row.applicant_firstname ?? '',
              lastname: row.applicant_lastname ?? '',
              email: row.applicant_email,
            },
            modelId: template ? mailModelsOf(template).cancellation : null,
            sender: row.created_by,
          })
        : null;
    const now = new Date().toISOString();
    await this.repo.transaction(async (trx) => {
      await this.cancelIn(trx, row, auth.userId, now);
      if (mail)
        await queueMail(
          trx,
          withIcs(
            mail,
            appointmentEvent(this.base(), {
              id: row.id,
              title: row.title,
              start: row.start_at,
              end: row.end_at,
              location: row.location,
              updatedAt: now,
              cancelled: true,
              organizer: null,
              attendees: [],
              timeZone: template?.time_zone ?? company.time_zone,
            }),
            'CANCEL',
          ),
        );
    });
  }

  /** Marks the appointment cancelled in `trx`: its steps freed, the applicant's feed told. */
  async cancelIn(trx: Trx, row: AppointmentRow, userId: number | null, now: string) {
    await this.repo.updateAppointment(trx, row.company_id, row.id, { status: 'cancelled' }, now);
    await trx.deleteFrom('appointment_claims').where('appointment_id', '=', row.id).execute();
    await trx
      .updateTable('appointment_interviewers')
      .set({ cancelled: true })
      .where('appointment_id', '=', row.id)
      .execute();
    if (row.applicant_id !== null)
      await this.feed().appointment(
        { companyId: row.company_id, userId },
        'appointment_cancelled',
        {
          applicantId: row.applicant_id,
          offerId: row.offer_id,
          appointmentId: row.id,
          applicationId: row.application_id,
          title: row.title,
          startAt: row.start_at,
          endAt: row.end_at,
          source: row.source,
        },
        trx,
      );
  }

  /** The applicant's feed entry of a booking link's appointment, in `trx`. */
  async feedOf(
    trx: Trx,
    link: {
      company_id: number;
      applicant_id: number;
      application_id: number | null;
      offer_id: number | null;
    },
    kind: 'appointment_scheduled' | 'appointment_changed',
    a: { id: number; title: string; start: string; end: string },
  ) {
    await this.feed().appointment(
      { companyId: link.company_id, userId: null },
      kind,
      {
        applicantId: link.applicant_id,
        offerId: link.offer_id,
        appointmentId: a.id,
        applicationId: link.application_id,
        title: a.title,
        startAt: a.start,
        endAt: a.end,
        source: 'booking',
      },
      trx,
    );
  }

  async applicantPage(
    auth: AuthContext,
    applicantId: number,
    query: { page: number; per_page: number },
  ): Promise<TAppointmentPage> {
    const seen = await this.applicants.many(auth, [applicantId]);
    if (!seen.has(applicantId)) throw notFound('Applicant');
    const { ids, total } = await this.repo.applicantPage(
      auth.companyId,
      applicantId,
      query.page,
      query.per_page,
    );
    const rows = await this.repo.appointmentsByIds(auth.companyId, ids);
    rows.sort((a, b) => b.start_at.localeCompare(a.start_at) || b.id - a.id);
    return {
      data: await this.toAppointments(auth, rows),
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      total,
    };
  }

  /** A template's free slots in [from, to): its rules and its interviewers' busy times. */
  async slotsOf(
    template: TemplateRow,
    from: string,
    to: string,
    options: { now?: number; excludeAppointmentId?: number; ignoreBusy?: boolean } = {},
  ) {
    const rules = slotRules(template);
    const interviewers = await this.repo.templateInterviewers([template.id]);
    const userIds = interviewers.map((i) => i.id);
    const pad = (rules.bufferBeforeMinutes + rules.bufferAfterMinutes) * 60_000;
    const busy = options.ignoreBusy
      ? []
      : await this.repo.busy(
          template.company_id,
          userIds,
          new Date(Date.parse(from) - pad).toISOString(),
          new Date(Date.parse(to) + pad).toISOString(),
        );
    return freeSlots({
      rules,
      interviewerIds: userIds,
      busy: busy
        .filter((b) => b.appointment_id !== options.excludeAppointmentId)
        .map((b) => ({ start: Date.parse(b.start_at), end: Date.parse(b.end_at) })),
      from: Date.parse(from),
      to: Date.parse(to),
      now: options.now ?? Date.now(),
    });
  }

  async templateSlots(
    auth: AuthContext,
    templateId: number,
    query: { from: string; to: string },
  ): Promise<TFreeSlots> {
    const template = await this.templates.require(auth, templateId);
    const { from, to } = checkRange(query.from, query.to);
    const slots = await this.slotsOf(template, from, to);
    return {
      time_zone: template.time_zone,
      duration_minutes: template.duration_minutes,
      slots: slots.map((s) => ({
        start_at: new Date(s.start).toISOString(),
        end_at: new Date(s.end).toISOString(),
      })),
    };
  }
}
