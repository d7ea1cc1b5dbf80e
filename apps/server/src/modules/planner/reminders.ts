import { queueMail } from '../../platform/mail/mailer.ts';
import type { AppointmentsService } from './appointments.service.ts';
import { renderPlannerMail } from './planner-mail.ts';
import { mailModelsOf } from './templates.service.ts';

export const PLANNER_REMINDERS_TASK = 'planner-reminders';
export const PLANNER_REMINDERS_EVERY_MS = 60_000;
const DAY = 86_400_000;
/** Appointments reminded per run (the next run takes the rest). */
const BATCH = 200;

/**
 * The day-before reminders (a recurring task of the worker): each confirmed appointment with an
 * applicant that starts within 24 hours is reminded once per start time. The claim is the
 * `appointment_reminders` row (appointment, start), inserted with the e-mail in one transaction:
 * two workers, or a run after a restart, find it and send nothing again.
 */
export async function sendReminders(appointments: AppointmentsService, now: Date): Promise<number> {
  const repo = appointments.repo;
  const due = await repo.db
    .selectFrom('appointments as a')
    .innerJoin('applicants as p', 'p.id', 'a.applicant_id')
    .leftJoin('appointment_reminders as r', (j) =>
      j.onRef('r.appointment_id', '=', 'a.id').onRef('r.start_at', '=', 'a.start_at'),
    )
    .select(['a.id', 'a.company_id'])
    .where('a.status', '=', 'confirmed')
    .where('a.start_at', '>', now.toISOString())
    .where('a.start_at', '<=', new Date(now.getTime() + DAY).toISOString())
    .where('p.email', 'is not', null)
    .where('r.appointment_id', 'is', null)
    .orderBy('a.start_at')
    .limit(BATCH)
    .execute();
  let sent = 0;
  for (const d of due) {
    const row = await appointments.require(d.company_id, d.id);
    if (!row.applicant_email || row.applicant_id === null) continue;
    const template = row.template_id
      ? ((await repo.template(row.company_id, row.template_id)) ?? null)
      : null;
    const company = await repo.company(row.company_id);
    const mail = await renderPlannerMail(appointments.models, 'interview_reminder', {
      companyId: row.company_id,
      companyName: company.social_reason,
      templateName: template?.name ?? row.title,
      language: await repo.applicantLanguage(row.company_id, row.applicant_id),
      companyLanguage: company.default_language,
      timeZone: template?.time_zone ?? company.time_zone,
      start: new Date(row.start_at),
      end: new Date(row.end_at),
      place: row.location,
      // A booking link's token is not kept (only its hash): the invitation holds the link.
      link: null,
      offerTitle: row.offer_title,
      candidate: {
        firstname: row.applicant_firstname ?? '',
        lastname: row.applicant_lastname ?? '',
        email: row.applicant_email,
      },
      modelId: template ? mailModelsOf(template).reminder : null,
      // Signed by the appointment's organiser.
      sender: row.created_by,
    });
    const claimed = await repo.transaction(async (trx) => {
      const r = await trx
        .insertInto('appointment_reminders')
        .values({ appointment_id: row.id, start_at: row.start_at, sent_at: now.toISOString() })
        .onConflict((oc) => oc.columns(['appointment_id', 'start_at']).doNothing())
        .executeTakeFirst();
      if (Number(r.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
      await queueMail(trx, mail);
      return true;
    });
    if (claimed) sent++;
  }
  return sent;
}
