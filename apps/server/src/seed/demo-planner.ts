import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/schema.ts';
import { zonedToUtc } from '../modules/planner/zoned-time.ts';

const DAY = 86_400_000;
const WEEKDAY = [
  { start: '09:00', end: '12:00' },
  { start: '14:00', end: '17:30' },
];

/**
 * The planner's demo (issue 39): in Groupe Valmont, two appointment templates with the
 * administrator and the recruiter as interviewers, and three appointments of theirs two to six
 * days ahead (10:00 and 14:30 on Paris's clock), one with the company's newest application.
 */
export async function seedDemoPlanner(db: Kysely<DB>): Promise<void> {
  const company = await db
    .selectFrom('companies')
    .select('id')
    .where('slug', '=', 'groupe-valmont')
    .executeTakeFirst();
  if (!company) return;
  const users = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('company_id', '=', company.id)
    .where('email', 'in', ['admin@demo.test', 'recruiter@demo.test'])
    .orderBy('email')
    .execute();
  if (users.length < 2) return;
  const now = new Date().toISOString();
  const week = {
    mon: WEEKDAY,
    tue: WEEKDAY,
    wed: WEEKDAY,
    thu: WEEKDAY,
    fri: WEEKDAY,
    sat: [],
    sun: [],
  };
  const noModels = JSON.stringify({
    invitation: null,
    reminder: null,
    change: null,
    cancellation: null,
  });
  const templates = await db
    .insertInto('appointment_templates')
    .values(
      [
        {
          name: 'Entretien RH (30 min)',
          duration: 30,
          kind: 'address',
          place: '12 rue de la République, 69002 Lyon',
        },
        {
          name: 'Visio de présentation',
          duration: 45,
          kind: 'video',
          place: 'https://visio.example.test/valmont',
        },
      ].map((t) => ({
        company_id: company.id,
        name: t.name,
        duration_minutes: t.duration,
        buffer_before_minutes: 0,
        buffer_after_minutes: 15,
        slot_step_minutes: null,
        location_kind: t.kind,
        location: t.place,
        time_zone: 'Europe/Paris',
        availability: JSON.stringify({
          mode: 'shared',
          weekly_hours: week,
          interviewer_hours: [],
          exceptions: [],
        }),
        horizon_days: 30,
        min_notice_minutes: 24 * 60,
        mail_models: noModels,
        created_by: users[0]!.id,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('appointment_template_interviewers')
    .values(
      templates.flatMap((t) =>
        users.map((u, position) => ({ template_id: t.id, user_id: u.id, position })),
      ),
    )
    .execute();
  const application = await db
    .selectFrom('applications')
    .select(['id', 'applicant_id'])
    .where('company_id', '=', company.id)
    .where('offer_id', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const parisDay = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
  const planned = [
    { days: 2, minutes: 10 * 60, title: 'Entretien RH', withApplicant: true },
    {
      days: 4,
      minutes: 14 * 60 + 30,
      title: 'Point recrutement hebdomadaire',
      withApplicant: false,
    },
    { days: 6, minutes: 10 * 60, title: 'Entretien RH', withApplicant: false },
  ];
  for (const p of planned) {
    const start = zonedToUtc('Europe/Paris', parisDay(p.days), p.minutes);
    if (start === null) continue;
    const startAt = new Date(start).toISOString();
    const endAt = new Date(start + 30 * 60_000).toISOString();
    const linked = p.withApplicant && application;
    const row = await db
      .insertInto('appointments')
      .values({
        company_id: company.id,
        template_id: templates[0]!.id,
        title: p.title,
        start_at: startAt,
        end_at: endAt,
        status: 'confirmed',
        source: 'planner',
        location_kind: 'address',
        location: '12 rue de la République, 69002 Lyon',
        applicant_id: linked ? application.applicant_id : null,
        application_id: linked ? application.id : null,
        notes: '',
        allow_conflicts: true,
        created_by: users[0]!.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('appointment_interviewers')
      .values(
        users.map((u) => ({
          appointment_id: row.id,
          user_id: u.id,
          company_id: company.id,
          start_at: startAt,
          end_at: endAt,
          cancelled: false,
        })),
      )
      .execute();
  }
}
