import type { Api } from './api.ts';
import type { TestContext } from './test-app.ts';

/** Every day 08:00–20:00 on Paris's clock. */
export const allWeek = () => {
  const day = [{ start: '08:00', end: '20:00' }];
  return { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day };
};

/** A template of the caller's company: 30 minutes, no notice, the users as interviewers. */
export async function createTemplate(
  api: Api,
  interviewerIds: number[],
  over: Record<string, unknown> = {},
): Promise<{ id: number; duration_minutes: number }> {
  const res = await api.post('/api/planner/templates', {
    name: 'Entretien RH',
    duration_minutes: 30,
    location_kind: 'address',
    location: '1 rue de la Paix, Paris',
    interviewer_ids: interviewerIds,
    time_zone: 'Europe/Paris',
    weekly_hours: allWeek(),
    min_notice_minutes: 0,
    horizon_days: 60,
    ...over,
  });
  if (res.statusCode !== 201) throw new Error(`template: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The id of the demo user `email` in the database. */
export async function userId(ctx: TestContext, email: string): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Applications of the company, one per applicant, each applicant given an address. */
export async function applicationsOf(ctx: TestContext, companyId: number, count: number) {
  const rows = await ctx.database.db
    .selectFrom('applications')
    .select(['id', 'applicant_id', 'offer_id'])
    .where('company_id', '=', companyId)
    .where('offer_id', 'is not', null)
    .orderBy('id')
    .execute();
  const seen = new Set<number>();
  const picked = rows
    .filter((r) => !seen.has(r.applicant_id!) && seen.add(r.applicant_id!))
    .slice(0, count);
  for (const [i, r] of picked.entries())
    await ctx.database.db
      .updateTable('applicants')
      .set({ email: `planner${i}.${r.applicant_id}@example.test`, email_blocked: null })
      .where('id', '=', r.applicant_id!)
      .execute();
  return picked as { id: number; applicant_id: number; offer_id: number }[];
}

/** Sends booking links and reads each one's token back from the outbox e-mail. */
export async function bookingTokens(
  ctx: TestContext,
  api: Api,
  templateId: number,
  applicationIds: number[],
): Promise<string[]> {
  const res = await api.post('/api/planner/booking-links', {
    template_id: templateId,
    application_ids: applicationIds,
    channels: ['email'],
  });
  if (res.statusCode !== 202) throw new Error(`links: ${res.statusCode} ${res.body}`);
  const mails = await ctx.database.db
    .selectFrom('mail_outbox')
    .select(['text'])
    .orderBy('id', 'desc')
    .limit(applicationIds.length)
    .execute();
  return mails
    .reverse()
    .map((m) => /\/booking\/([\w-]+)/.exec(m.text)?.[1])
    .filter((t): t is string => Boolean(t));
}
