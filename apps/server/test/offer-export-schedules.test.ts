import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZOfferExportScheduleForm,
  type TOfferExportRecipients,
  type TOfferExportSchedule,
  type TOfferExportSchedulePage,
} from '@embauche/contracts/offer-export-schedules';
import { nextRun, type ScheduleRule } from '../src/modules/company-settings/next-run.ts';
import { apiAs, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Res = { statusCode: number; body: string; json: <T>() => T };

const rule = (r: Partial<ScheduleRule>): ScheduleRule => ({
  frequency: 'daily',
  weekday: null,
  month_day: null,
  hour: 8,
  ...r,
});
const next = (r: Partial<ScheduleRule>, after: string, tz = 'Europe/Paris') =>
  nextRun(rule(r), tz, new Date(after)).toISOString();

describe('scheduled export: the next run', () => {
  it('runs at the hour of the company clock, strictly after', () => {
    // 08:00 in Paris in winter is 07:00 UTC; exactly then, the next run is the next day.
    expect(next({}, '2026-01-10T06:59:59Z')).toBe('2026-01-10T07:00:00.000Z');
    expect(next({}, '2026-01-10T07:00:00Z')).toBe('2026-01-11T07:00:00.000Z');
    expect(next({ hour: 8 }, '2026-01-10T12:00:00Z', 'America/New_York')).toBe(
      '2026-01-10T13:00:00.000Z',
    );
  });
  it('keeps the wall-clock hour across the DST changes of Europe/Paris', () => {
    // Spring forward on 29 March 2026 (02:00 → 03:00): 08:00 moves from 07:00 to 06:00 UTC.
    expect(next({}, '2026-03-28T07:00:00Z')).toBe('2026-03-29T06:00:00.000Z');
    // The skipped hour 02:00 runs at 03:00 (01:00 UTC), once.
    expect(next({ hour: 2 }, '2026-03-28T12:00:00Z')).toBe('2026-03-29T01:00:00.000Z');
    expect(next({ hour: 2 }, '2026-03-29T01:00:00Z')).toBe('2026-03-30T00:00:00.000Z');
    // Fall back on 25 October 2026 (03:00 → 02:00): 02:00 happens twice, the schedule runs once.
    const first = next({ hour: 2 }, '2026-10-24T12:00:00Z');
    expect(first).toBe('2026-10-25T01:00:00.000Z');
    expect(next({ hour: 2 }, first)).toBe('2026-10-26T01:00:00.000Z');
    expect(next({}, '2026-10-24T07:00:00Z')).toBe('2026-10-25T07:00:00.000Z');
  });
  it('picks the weekday and the day of the month', () => {
    // 26 November 2026 is a Thursday: next Monday 30 November at 09:00 (08:00 UTC).
    expect(next({ frequency: 'weekly', weekday: 1, hour: 9 }, '2026-11-26T07:00:00Z')).toBe(
      '2026-11-30T08:00:00.000Z',
    );
    expect(next({ frequency: 'weekly', weekday: 4, hour: 9 }, '2026-11-26T07:00:00Z')).toBe(
      '2026-11-26T08:00:00.000Z',
    );
    // Monthly on the 28th, after the February one: 28 March (summer time from the 29th).
    expect(next({ frequency: 'monthly', month_day: 28 }, '2026-02-28T07:00:00Z')).toBe(
      '2026-03-28T07:00:00.000Z',
    );
    expect(next({ frequency: 'monthly', month_day: 1, hour: 0 }, '2026-12-15T00:00:00Z')).toBe(
      '2026-12-31T23:00:00.000Z',
    );
  });
  it('validates the form with its codes', () => {
    const codes = (input: object) => {
      const r = ZOfferExportScheduleForm.safeParse(input);
      return r.success
        ? {}
        : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
    };
    const valid = {
      name: 'Hebdo',
      frequency: 'weekly',
      weekday: '3',
      hour: '7',
      format: 'csv',
      columns: ['status', 'id'],
      language: 'fr',
      recipient_ids: [4, 4],
    };
    expect(ZOfferExportScheduleForm.parse(valid)).toMatchObject({
      weekday: 3,
      month_day: null,
      hour: 7,
      columns: ['id', 'status'],
      recipient_ids: [4],
      enabled: true,
    });
    expect(
      codes({
        ...valid,
        name: ' ',
        weekday: '',
        hour: 24,
        format: 'pdf',
        columns: [],
        recipient_ids: [],
      }),
    ).toEqual({
      name: 'field_required',
      hour: 'invalid',
      format: 'invalid',
      columns: 'field_required',
      recipient_ids: 'field_required',
    });
    expect(codes({ ...valid, weekday: '' })).toEqual({ weekday: 'field_required' });
    expect(codes({ ...valid, frequency: 'monthly', month_day: 29 })).toEqual({
      month_day: 'invalid',
    });
    expect(codes({ ...valid, frequency: 'monthly' })).toEqual({ month_day: 'field_required' });
    expect(codes({ ...valid, hour: '' })).toEqual({ hour: 'field_required' });
  });
});

/**
 * Scheduled offer exports (contracts/offer-export-schedules.ts): CRUD guarded by
 * `config.export_job_offers`, the other company seeing nothing, the worker's tick claiming a due
 * run once, the export written and each recipient mailed a download link.
 */
describe.each(testDatabases())('scheduled offer exports on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let recruiter: Api;
  let other: Api;
  let adminId: number;
  let valmont: number;
  const path = '/api/config/offer-export-schedules';

  const ok = <T>(res: Res, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json<T>();
  };
  const errors = (res: Res) => {
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const form = (over: object = {}) => ({
    name: 'Export du lundi',
    frequency: 'weekly',
    weekday: 1,
    hour: 6,
    format: 'csv',
    columns: ['id', 'job_position'],
    language: 'en',
    recipient_ids: [adminId],
    ...over,
  });

  beforeAll(async () => {
    ctx = await startTestApp(testDb, { PUBLIC_URL: 'https://ats.example' });
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    recruiter = apiAs(ctx.app, await signIn(ctx.app, 'recruiter@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    const row = await ctx.database.db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('email', '=', 'admin@demo.test')
      .executeTakeFirstOrThrow();
    adminId = row.id;
    valmont = row.company_id;
  });
  afterAll(async () => ctx?.close());

  it('creates, reads, updates and deletes; validated; 403 and 404 elsewhere', async () => {
    const recipients = ok<TOfferExportRecipients>(await admin.get(`${path}/recipients`));
    expect(recipients.data.map((r) => r.id)).toContain(adminId);
    const recruiterId = (
      await ctx.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'recruiter@demo.test')
        .executeTakeFirstOrThrow()
    ).id;
    // Recipients: active users of the company allowed to download (not the recruiter).
    expect(recipients.data.map((r) => r.id)).not.toContain(recruiterId);
    expect(errors(await admin.post(path, form({ recipient_ids: [recruiterId] })))).toEqual({
      recipient_ids: ['unknown_user'],
    });
    expect(errors(await admin.post(path, form({ weekday: null, hour: 30 })))).toEqual({
      weekday: ['field_required'],
      hour: ['invalid'],
    });
    expect((await recruiter.get(path)).statusCode).toBe(403);
    expect((await recruiter.post(path, form())).statusCode).toBe(403);

    const created = ok<TOfferExportSchedule>(await admin.post(path, form()), 201);
    expect(created).toMatchObject({
      name: 'Export du lundi',
      frequency: 'weekly',
      weekday: 1,
      month_day: null,
      hour: 6,
      recipient_ids: [adminId],
      enabled: true,
      time_zone: 'Europe/Paris',
      last_run_at: null,
      last_export: null,
    });
    const nextAt = new Date(created.next_run_at!);
    expect(nextAt.getTime()).toBeGreaterThan(Date.now());
    expect(nextAt.getUTCDay()).toBe(1);

    const page = ok<TOfferExportSchedulePage>(await admin.get(`${path}?per_page=5`));
    expect(page.data.map((s) => s.id)).toContain(created.id);
    const updated = ok<TOfferExportSchedule>(
      await admin.put(
        `${path}/${created.id}`,
        form({ frequency: 'monthly', month_day: 15, enabled: false }),
      ),
    );
    expect(updated).toMatchObject({ weekday: null, month_day: 15, next_run_at: null });

    // Another company: nothing to see, read, change or delete.
    expect(ok<TOfferExportSchedulePage>(await other.get(path)).total).toBe(0);
    expect((await other.get(`${path}/${created.id}`)).statusCode).toBe(404);
    expect((await other.put(`${path}/${created.id}`, form())).statusCode).toBe(404);
    expect((await other.del(`${path}/${created.id}`)).statusCode).toBe(404);

    expect((await admin.del(`${path}/${created.id}`)).statusCode).toBe(204);
    expect((await admin.get(`${path}/${created.id}`)).statusCode).toBe(404);

    // Each change is in the audit trail, with the schedule's name; nothing for the refused calls.
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id', 'company_id', 'details'])
      .where('target_type', '=', 'export_schedule')
      .where('target_id', '=', created.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'export_schedule.created',
      'export_schedule.updated',
      'export_schedule.deleted',
    ]);
    expect(audit.every((a) => a.company_id === valmont)).toBe(true);
    expect(JSON.parse(String(audit[1]!.details))).toMatchObject({
      name: 'Export du lundi',
      enabled: false,
    });
  });

  it("the company's new time zone moves the next runs of its enabled schedules", async () => {
    const identityPath = '/api/config/account-infos/admin-infos';
    const identity = ok<Record<string, unknown>>(await admin.get(identityPath));
    const on = ok<TOfferExportSchedule>(
      await admin.post(path, form({ name: 'Zone', frequency: 'daily', hour: 9 })),
      201,
    );
    const off = ok<TOfferExportSchedule>(
      await admin.post(path, form({ name: 'Zone off', enabled: false })),
      201,
    );
    const { logo_src: _logo, ...body } = identity;
    ok(await admin.put(identityPath, { ...body, time_zone: 'America/New_York' }));
    const moved = ok<TOfferExportSchedule>(await admin.get(`${path}/${on.id}`));
    expect(moved.time_zone).toBe('America/New_York');
    expect(moved.next_run_at).toBe(
      nextRun(rule({ hour: 9 }), 'America/New_York', new Date()).toISOString(),
    );
    expect(moved.next_run_at).not.toBe(on.next_run_at);
    expect(ok<TOfferExportSchedule>(await admin.get(`${path}/${off.id}`)).next_run_at).toBeNull();
    // Back to Paris: back to the first next run.
    ok(await admin.put(identityPath, { ...body, time_zone: 'Europe/Paris' }));
    expect(ok<TOfferExportSchedule>(await admin.get(`${path}/${on.id}`)).next_run_at).toBe(
      on.next_run_at,
    );
    await admin.del(`${path}/${on.id}`);
    await admin.del(`${path}/${off.id}`);
  });

  it('the OpenAPI document describes the calls', async () => {
    const doc = ok<{ paths: Record<string, Record<string, unknown>> }>(
      await apiAs(ctx.app).get('/api/docs/json'),
    );
    expect(Object.keys(doc.paths[path]!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths[`${path}/{id}`]!).sort()).toEqual(['delete', 'get', 'put']);
    expect(doc.paths[`${path}/recipients`]!.get).toBeDefined();
  });

  it('refuses more than 10 schedules', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 10; i++)
      ids.push(ok<TOfferExportSchedule>(await admin.post(path, form({ name: `S${i}` })), 201).id);
    expect(errors(await admin.post(path, form({ name: 'one more' })))).toEqual({
      name: ['schedule_limit:10'],
    });
    for (const id of ids) await admin.del(`${path}/${id}`);
  });

  it('a due schedule is claimed once by concurrent ticks, exported and mailed', async () => {
    const created = ok<TOfferExportSchedule>(
      await admin.post(path, form({ frequency: 'daily', hour: 6, format: 'json' })),
      201,
    );
    const due = new Date(created.next_run_at!);
    // Not due yet: nothing happens.
    await ctx.app.worker.runRecurring(new Date(due.getTime() - 1000), true);
    const exportsOf = () =>
      ctx.database.db
        .selectFrom('offer_exports')
        .select(['id', 'status'])
        .where('schedule_id', '=', created.id)
        .execute();
    expect(await exportsOf()).toHaveLength(0);
    // Two workers' ticks at once (or a restart): one export.
    const at = new Date(due.getTime() + 5000);
    await Promise.all([
      ctx.app.worker.runRecurring(at, true),
      ctx.app.worker.runRecurring(at, true),
      ctx.app.worker.runRecurring(at, true),
    ]);
    expect(await exportsOf()).toHaveLength(1);
    const after = ok<TOfferExportSchedule>(await admin.get(`${path}/${created.id}`));
    expect(after.next_run_at).toBe(new Date(due.getTime() + 86_400_000).toISOString());
    expect(after.last_run_at).toBe(at.toISOString());
    expect(after.last_export).toMatchObject({ status: 'queued', download_url: null });

    await ctx.app.worker.drain();
    const [done] = await exportsOf();
    expect(done!.status).toBe('done');
    const mails = await ctx.database.db
      .selectFrom('mail_outbox')
      .select(['to', 'subject', 'text', 'html', 'sent_at'])
      .where('company_id', '=', valmont)
      .where('subject', 'like', '%Export du lundi%')
      .execute();
    expect(mails).toHaveLength(1);
    // The link opens the web app's export page (sign-in first if need be), which downloads.
    const link = `https://ats.example/config/joboffers/export?download=${done!.id}`;
    expect(mails[0]).toMatchObject({ to: 'admin@demo.test' });
    expect(mails[0]!.text).toContain(link);
    expect(mails[0]!.html).toContain(link);
    expect(mails[0]!.text).not.toContain('/api/');
    expect(mails[0]!.sent_at).not.toBeNull();
    // The file it downloads opens for a user with the permission, not for another company.
    const api = `/api/config/joboffers/export/${done!.id}/download`;
    const file = await admin.get(api);
    expect(file.statusCode).toBe(200);
    expect(Object.keys((JSON.parse(file.body) as object[])[0]!)).toEqual(['id', 'job_position']);
    expect((await other.get(api)).statusCode).toBe(404);
    expect((await recruiter.get(api)).statusCode).toBe(403);
    const shown = ok<TOfferExportSchedule>(await admin.get(`${path}/${created.id}`));
    expect(shown.last_export).toMatchObject({
      id: done!.id,
      status: 'done',
      download_url: api,
    });
    // Running the job again (a retry) mails nobody twice.
    await ctx.app.worker.runRecurring(at, true);
    expect(await exportsOf()).toHaveLength(1);
    await admin.del(`${path}/${created.id}`);
  });

  it('the users and offers exports write days in the company time zone', async () => {
    // 12:00 UTC on 1 January is already 2 January at Kiritimati (UTC+14), still the 1st in Paris.
    await ctx.database.db
      .updateTable('users')
      .set({ last_login_at: '2026-01-01T12:00:00.000Z' })
      .where('id', '=', adminId)
      .execute();
    const usersCsv = async () =>
      (await admin.get('/api/users/export?format=csv&lang=fr&filter[q]=admin%40demo')).body;
    expect(await usersCsv()).toContain('01/01/2026');
    const offer = await ctx.database.db
      .selectFrom('offers')
      .select('id')
      .where('company_id', '=', valmont)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .updateTable('offers')
      .set({ created_at: '2026-01-01T12:00:00.000Z' })
      .where('id', '=', offer.id)
      .execute();
    const offersCsv = async () =>
      (
        await admin.post('/api/projects/all/offers/export/specific', {
          format: 'csv',
          offer_ids: [offer.id],
        })
      ).body;
    expect(await offersCsv()).toContain('01/01/2026');
    await ctx.database.db
      .updateTable('companies')
      .set({ time_zone: 'Pacific/Kiritimati' })
      .where('id', '=', valmont)
      .execute();
    expect(await usersCsv()).toContain('02/01/2026');
    expect(await offersCsv()).toContain('02/01/2026');
    await ctx.database.db
      .updateTable('companies')
      .set({ time_zone: 'Europe/Paris' })
      .where('id', '=', valmont)
      .execute();
  });

  it('mails each recipient in their own language', async () => {
    await ctx.database.db
      .updateTable('users')
      .set({ language: 'de' })
      .where('id', '=', adminId)
      .execute();
    const created = ok<TOfferExportSchedule>(
      await admin.post(path, form({ name: 'Monatlich', frequency: 'monthly', month_day: 3 })),
      201,
    );
    const at = new Date(new Date(created.next_run_at!).getTime() + 1000);
    await ctx.app.worker.runRecurring(at, true);
    await ctx.app.worker.drain();
    const mail = await ctx.database.db
      .selectFrom('mail_outbox')
      .select(['subject'])
      .where('subject', 'like', '%Monatlich%')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Geplanter Angebotsexport bereit: Monatlich');
    await ctx.database.db
      .updateTable('users')
      .set({ language: 'fr' })
      .where('id', '=', adminId)
      .execute();
  });
});
