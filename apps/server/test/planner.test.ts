import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TAppointment,
  TAppointmentList,
  TAppointmentPage,
  TAppointmentTemplate,
  TConflicts,
  TIcsFeed,
} from '@embauche/contracts/planner';
import { apiAs, type Api } from './support/api.ts';
import { allWeek, applicationsOf, createTemplate, userId } from './support/planner-helpers.ts';
import { signIn, startOtherInstance, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * docs/planner.md: templates (422, another company's 404), appointments (UTC, conflicts shown and
 * refused unless kept, moved, cancelled), the applicant's list and feed, planner.access, the
 * private ICS feed, and the day-before reminder sent once (also after a restart on PostgreSQL).
 */
describe.each(testDatabases())('planner on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let other: Api;
  let manager: Api;
  let adminId: number;
  let recruiterId: number;
  let apps: { id: number; applicant_id: number; offer_id: number }[];

  const start = (days: number, hour: number) => {
    const d = new Date(Date.now() + days * DAY);
    d.setUTCHours(hour, 0, 0, 0);
    return d.toISOString();
  };
  const appointment = (over: Record<string, unknown> = {}) => ({
    title: 'Entretien',
    start_at: start(10, 9),
    end_at: start(10, 10),
    interviewer_ids: [adminId],
    applicant_id: apps[0]!.applicant_id,
    application_id: apps[0]!.id,
    ...over,
  });

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    manager = apiAs(ctx.app, await signIn(ctx.app, 'manager@demo.test'));
    adminId = await userId(ctx, 'admin@demo.test');
    recruiterId = await userId(ctx, 'recruiter@demo.test');
    const valmont = (await admin.get('/api/me')).json<{ company_id: number }>().company_id;
    apps = await applicationsOf(ctx, valmont, 2);
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('saves a template and refuses bad input with field codes', async () => {
    const created = await createTemplate(admin, [adminId, recruiterId], {
      buffer_before_minutes: 10,
      availability_mode: 'per_interviewer',
      interviewer_hours: [{ user_id: adminId, weekly_hours: allWeek() }],
      exceptions: [{ date: '2026-12-25', user_id: null, ranges: [] }],
    });
    const read = await admin.get(`/api/planner/templates/${created.id}`);
    expect(read.statusCode).toBe(200);
    const t = read.json<TAppointmentTemplate>();
    expect(t.interviewers.map((i) => i.id)).toEqual([adminId, recruiterId]);
    expect(t.availability_mode).toBe('per_interviewer');
    expect(t.exceptions).toEqual([{ date: '2026-12-25', user_id: null, ranges: [] }]);
    const list = await admin.get('/api/planner/templates?search=entretien');
    expect(list.json<{ total: number }>().total).toBeGreaterThanOrEqual(1);

    const bad = await admin.post('/api/planner/templates', {
      name: '',
      duration_minutes: 7,
      location_kind: 'video',
      location: 'http://not-https.example',
      interviewer_ids: [adminId, 999_999],
      time_zone: 'Mars/Olympus',
      weekly_hours: { mon: [{ start: '12:00', end: '09:00' }] },
      exceptions: [{ date: '2026-02-30', user_id: null, ranges: [] }],
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json<{ errors: Record<string, string[]> }>().errors;
    expect(errors).toMatchObject({
      name: ['field_required'],
      duration_minutes: ['invalid'],
      time_zone: ['invalid_time_zone'],
      'weekly_hours.mon.0.end': ['invalid'],
      'exceptions.0.date': ['invalid_date'],
    });
    const unknown = await admin.post('/api/planner/templates', {
      name: 'x',
      duration_minutes: 30,
      location_kind: 'video',
      location: 'http://not-https.example',
      interviewer_ids: [adminId, 999_999],
      time_zone: 'Europe/Paris',
    });
    expect(unknown.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      interviewer_ids: ['unknown_user'],
      location: ['invalid_url'],
    });

    // Another company neither reads, changes nor deletes it, nor lists it.
    expect((await other.get(`/api/planner/templates/${created.id}`)).statusCode).toBe(404);
    expect((await other.del(`/api/planner/templates/${created.id}`)).statusCode).toBe(404);
    expect(
      (
        await other.get(
          `/api/planner/templates/${created.id}/slots?from=${start(1, 0)}&to=${start(2, 0)}`,
        )
      ).statusCode,
    ).toBe(404);
    expect((await other.get('/api/planner/templates')).json<{ total: number }>().total).toBe(0);
    // Without planner.access: 403.
    expect((await manager.get('/api/planner/templates')).statusCode).toBe(403);
    expect(
      (await manager.get(`/api/planner/appointments?from=${start(1, 0)}&to=${start(2, 0)}`))
        .statusCode,
    ).toBe(403);
  });

  it('creates an appointment in UTC, shows and refuses conflicts unless kept', async () => {
    const res = await admin.post('/api/planner/appointments', appointment());
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json<TAppointment>();
    expect(a.start_at).toBe(start(10, 9));
    expect(a.applicant?.id).toBe(apps[0]!.applicant_id);
    expect(a.offer?.id).toBe(apps[0]!.offer_id);

    const conflicts = await admin.get(
      `/api/planner/conflicts?start_at=${start(10, 9)}&end_at=${start(10, 11)}&user_ids=${adminId},${recruiterId}`,
    );
    expect(
      conflicts.json<TConflicts>().conflicts.map((c) => [c.user.id, c.appointment_id]),
    ).toEqual([[adminId, a.id]]);
    const overlap = appointment({
      start_at: start(10, 9),
      end_at: start(10, 11),
      interviewer_ids: [adminId, recruiterId],
    });
    const refused = await admin.post('/api/planner/appointments', overlap);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ code: string; errors: Record<string, string[]> }>()).toMatchObject({
      code: 'interviewer_busy',
      errors: { interviewer_ids: [`busy:${adminId}`] },
    });
    const kept = await admin.post('/api/planner/appointments', {
      ...overlap,
      allow_conflicts: true,
    });
    expect(kept.statusCode).toBe(201);
    // Moving the first onto a free hour; the kept one still overlaps nothing guarded.
    const moved = await admin.put(
      `/api/planner/appointments/${a.id}`,
      appointment({ start_at: start(10, 14), end_at: start(10, 15) }),
    );
    expect(moved.statusCode, moved.body).toBe(200);

    const week = await admin.get(
      `/api/planner/appointments?from=${start(9, 0)}&to=${start(12, 0)}&user_ids=${adminId},${recruiterId}`,
    );
    const body = week.json<TAppointmentList>();
    expect(body.time_zone).toBe('Europe/Paris');
    expect(body.data.map((x) => x.start_at)).toEqual([start(10, 9), start(10, 14)]);

    // Another company: 404 on the appointment, 422 naming Valmont's people.
    expect((await other.get(`/api/planner/appointments/${a.id}`)).statusCode).toBe(404);
    expect((await other.put(`/api/planner/appointments/${a.id}`, appointment())).statusCode).toBe(
      404,
    );
    expect((await other.del(`/api/planner/appointments/${a.id}`)).statusCode).toBe(404);
    const theirs = await other.post('/api/planner/appointments', appointment());
    expect(theirs.statusCode).toBe(422);
    expect(
      (await other.get(`/api/applicants/${apps[0]!.applicant_id}/appointments`)).statusCode,
    ).toBe(404);

    // The applicant's list and feed.
    const listed = await admin.get(`/api/applicants/${apps[0]!.applicant_id}/appointments`);
    expect(listed.json<TAppointmentPage>().total).toBe(2);
    const deleted = await admin.del(`/api/planner/appointments/${a.id}`);
    expect(deleted.statusCode).toBe(204);
    const kinds = await ctx.database.db
      .selectFrom('activity_feed_entries')
      .select('kind')
      .where('applicant_id', '=', apps[0]!.applicant_id)
      .where('category', '=', 'appointments')
      .orderBy('id')
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual([
      'appointment_scheduled',
      'appointment_scheduled',
      'appointment_changed',
      'appointment_cancelled',
    ]);
    // The cancelled one frees its hour.
    const again = await admin.post(
      '/api/planner/appointments',
      appointment({ start_at: start(10, 14), end_at: start(10, 15) }),
    );
    expect(again.statusCode).toBe(201);
  });

  it('publishes a private, revocable ICS feed of the user’s appointments', async () => {
    expect((await admin.get('/api/planner/feed')).json<TIcsFeed>().active).toBe(false);
    const made = await admin.post('/api/planner/feed');
    expect(made.statusCode).toBe(201);
    const url = made.json<TIcsFeed>().url!;
    const path = new URL(url).pathname;
    const ics = await ctx.app.inject({ url: path });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    const cal = new ICAL.Component(ICAL.parse(ics.body));
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.startDate.toJSDate().toISOString())).toContain(start(10, 14));
    // Renewed: the old address stops; revoked: none works.
    const renewed = (await admin.post('/api/planner/feed')).json<TIcsFeed>().url!;
    expect((await ctx.app.inject({ url: path })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: new URL(renewed).pathname })).statusCode).toBe(200);
    expect((await admin.del('/api/planner/feed')).statusCode).toBe(204);
    expect((await ctx.app.inject({ url: new URL(renewed).pathname })).statusCode).toBe(404);
  });

  it('reminds the applicant the day before, once, also across a restart', async () => {
    const soon = new Date(Date.now() + 20 * HOUR);
    soon.setUTCMinutes(0, 0, 0);
    const res = await admin.post(
      '/api/planner/appointments',
      appointment({
        applicant_id: apps[1]!.applicant_id,
        application_id: apps[1]!.id,
        start_at: soon.toISOString(),
        end_at: new Date(soon.getTime() + HOUR).toISOString(),
        allow_conflicts: true,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const reminders = () =>
      ctx.database.db
        .selectFrom('mail_outbox')
        .select('subject')
        .where('to', 'like', 'planner1.%')
        .execute();
    const before = (await reminders()).length;
    // Two days before: nothing yet.
    await ctx.app.worker.runRecurring(new Date(soon.getTime() - 2 * DAY), true);
    expect((await reminders()).length).toBe(before);
    const now = new Date();
    await Promise.all([
      ctx.app.worker.runRecurring(now, true),
      ctx.app.worker.runRecurring(now, true),
    ]);
    const restarted = ctx.database.dialect === 'postgres' ? await startOtherInstance(ctx) : null;
    try {
      await (restarted ?? ctx).app.worker.runRecurring(new Date(now.getTime() + HOUR), true);
    } finally {
      await restarted?.close();
    }
    const sent = (await reminders()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(/^Rappel/);
  });
});
