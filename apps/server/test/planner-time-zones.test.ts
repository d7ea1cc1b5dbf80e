import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMe } from '@embauche/contracts/auth';
import type { TAppointmentList, TFreeSlots, TIcsFeed } from '@embauche/contracts/planner';
import { apiAs, type Api } from './support/api.ts';
import {
  applicationsOf,
  bookingTokens,
  createTemplate,
  userId,
} from './support/planner-helpers.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

const DAY = 86_400_000;

/**
 * docs/planner.md "Time zones": a user's own zone (user settings, the company's by default), 422
 * `invalid_time_zone`; the planner's list, the user's ICS feed and the e-mails to them as an
 * interviewer on their clock, the candidate's on the template's.
 */
describe.each(testDatabases())('planner time zones on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let recruiter: Api;
  let adminId: number;
  let apps: { id: number; applicant_id: number; offer_id: number }[];

  const me = async (api: Api) => (await api.get('/api/me')).json<TMe>();
  const range = () => {
    const from = new Date(Date.now() + DAY).toISOString();
    return `from=${from}&to=${new Date(Date.parse(from) + 7 * DAY).toISOString()}`;
  };

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    recruiter = apiAs(ctx.app, await signIn(ctx.app, 'recruiter@demo.test'));
    adminId = await userId(ctx, 'admin@demo.test');
    apps = await applicationsOf(ctx, (await me(admin)).company_id, 1);
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('keeps a user’s own zone, refuses an unknown one, and falls back to the company’s', async () => {
    expect(await me(admin)).toMatchObject({ time_zone: null, company_time_zone: 'Europe/Paris' });
    for (const time_zone of ['Mars/Olympus', '../etc/passwd', 'x'.repeat(80)]) {
      const bad = await admin.put('/api/user_profile/time_zone', { time_zone });
      expect(bad.statusCode, time_zone).toBe(422);
      expect(bad.json<{ errors: Record<string, string[]> }>().errors).toEqual({
        time_zone: ['invalid_time_zone'],
      });
    }
    // Spelled as Intl spells it.
    const ok = await admin.put('/api/user_profile/time_zone', { time_zone: 'america/new_york' });
    expect(ok.statusCode, ok.body).toBe(204);
    expect((await me(admin)).time_zone).toBe('America/New_York');
    const list = await admin.get(`/api/planner/appointments?${range()}`);
    expect(list.json<TAppointmentList>().time_zone).toBe('America/New_York');
    // A colleague without a zone of their own sees the company's.
    const theirs = await recruiter.get(`/api/planner/appointments?${range()}`);
    expect(theirs.json<TAppointmentList>().time_zone).toBe('Europe/Paris');
    expect((await me(recruiter)).time_zone).toBeNull();
    // Back to the company's.
    expect((await admin.put('/api/user_profile/time_zone', { time_zone: '' })).statusCode).toBe(
      204,
    );
    expect((await me(admin)).time_zone).toBeNull();
    expect(
      (await admin.get(`/api/planner/appointments?${range()}`)).json<TAppointmentList>().time_zone,
    ).toBe('Europe/Paris');
  });

  it('writes the feed and the interviewer’s e-mails on their clock, the candidate’s on the template’s', async () => {
    await admin.put('/api/user_profile/time_zone', { time_zone: 'America/New_York' });
    const template = await createTemplate(admin, [adminId]);
    const [token] = await bookingTokens(ctx, admin, template.id, [apps[0]!.id]);
    const slots = (await apiAs(ctx.app).get(`/api/booking/${token}/slots`)).json<TFreeSlots>();
    expect(slots.time_zone).toBe('Europe/Paris');
    const slot = slots.slots[4]!;
    const booked = await apiAs(ctx.app).post(`/api/booking/${token}`, {
      start_at: slot.start_at,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const start = new Date(slot.start_at);
    const wall = (timeZone: string) =>
      new Intl.DateTimeFormat('fr', { timeZone, timeStyle: 'short' }).format(start);
    const mails = await ctx.database.db
      .selectFrom('mail_outbox')
      .select(['to', 'text', 'attachments'])
      .where('attachments', 'is not', null)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    const interviewer = mails.find((m) => m.to === 'admin@demo.test')!;
    const candidate = mails.find((m) => m.to !== 'admin@demo.test')!;
    expect(interviewer.text).toContain(wall('America/New_York'));
    expect(interviewer.attachments).toContain('TZID=America/New_York');
    expect(interviewer.attachments).toContain('BEGIN:VTIMEZONE');
    expect(candidate.text).toContain(wall('Europe/Paris'));
    expect(candidate.attachments).toContain('TZID=Europe/Paris');

    const url = (await admin.post('/api/planner/feed')).json<TIcsFeed>().url!;
    const ics = await ctx.app.inject({ url: new URL(url).pathname });
    expect(ics.statusCode).toBe(200);
    const cal = new ICAL.Component(ICAL.parse(ics.body));
    expect(cal.getFirstPropertyValue('x-wr-timezone')).toBe('America/New_York');
    const event = cal
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v))
      .find((e) => e.startDate.toJSDate().toISOString() === slot.start_at)!;
    expect(event.startDate.zone?.tzid).toBe('America/New_York');
    await admin.put('/api/user_profile/time_zone', { time_zone: null });
  });
});
