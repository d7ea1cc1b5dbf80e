import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONBOARDING_PICKER_MAX } from '@embauche/contracts/onboarding';
import { STATUS_RECRUITED } from '@embauche/contracts/constants';
import type {
  TMyTaskPage,
  TOnboarding,
  TOnboardingBulkResult,
  TOnboardingCounts,
  TOnboardingPage,
  TOnboardingProcess,
  TOnboardingStatus,
} from '@embauche/contracts/onboarding';
import { addDays, todayIn } from '../src/modules/onboarding/onboarding-days.ts';
import { apiAs, type Api } from './support/api.ts';
import { applicationsOf, userId } from './support/planner-helpers.ts';
import { signIn, startOtherInstance, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

describe('onboarding days', () => {
  it('adds days across month and year ends, and reads today on a zone’s wall clock', () => {
    expect(addDays('2027-01-31', 1)).toBe('2027-02-01');
    expect(addDays('2027-01-31', 29)).toBe('2027-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    // The night Paris moves to summer time is still one day.
    expect(addDays('2027-03-27', 1)).toBe('2027-03-28');
    expect(addDays('2027-03-28', 1)).toBe('2027-03-29');
    const instant = new Date('2027-03-27T23:30:00Z');
    expect(todayIn('UTC', instant)).toBe('2027-03-27');
    expect(todayIn('Europe/Paris', instant)).toBe('2027-03-28');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2027-03-27');
    expect(todayIn('Pacific/Kiritimati', new Date('2027-03-27T10:30:00Z'))).toBe('2027-03-28');
  });
});

/**
 * docs/onboarding.md: processes and statuses (config.onboarding), an onboarding started on a
 * recruited application (one and in bulk), due days from the start date, the welcome e-mail sent
 * once across a restart, a document step done when the document arrives, cancelling, a task
 * owner without onboarding.access seeing only their tasks, another company's 404.
 */
describe.each(testDatabases())('onboarding on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let recruiter: Api;
  let manager: Api;
  let other: Api;
  let adminId: number;
  let recruiterId: number;
  let managerId: number;
  let companyId: number;
  let demoOnboardings: number;
  let apps: { id: number; applicant_id: number; offer_id: number }[];
  let process: TOnboardingProcess;

  const recruit = (ids: number[]) =>
    ctx.database.db
      .updateTable('applications')
      .set({ status_id: STATUS_RECRUITED })
      .where('id', 'in', ids)
      .execute();

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    recruiter = apiAs(ctx.app, await signIn(ctx.app, 'recruiter@demo.test'));
    manager = apiAs(ctx.app, await signIn(ctx.app, 'manager@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    adminId = await userId(ctx, 'admin@demo.test');
    recruiterId = await userId(ctx, 'recruiter@demo.test');
    managerId = await userId(ctx, 'manager@demo.test');
    companyId = (await admin.get('/api/me')).json<{ company_id: number }>().company_id;
    apps = await applicationsOf(ctx, companyId, 5);
    // The demo's own onboardings (seed/demo-onboarding.ts), counted beside this file's.
    demoOnboardings = Number(
      (
        await ctx.database.db
          .selectFrom('onboardings')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(demoOnboardings).toBe(2);
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('configures a process (steps in order, 422 codes, config.onboarding, another company 404)', async () => {
    const bad = await admin.post('/api/onboarding/processes', {
      name: '',
      steps: [
        { title: 'x', kind: 'document', responsible: { type: 'user' }, due_days: 400 },
        { title: 'y', kind: 'task', responsible: { type: 'user', id: 999999 }, due_days: 0 },
      ],
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json<{ errors: Record<string, string[]> }>().errors;
    expect(errors.name).toEqual(['field_required']);
    expect(errors['steps.0.responsible.id']).toEqual(['field_required']);
    expect(errors['steps.0.document_name']).toEqual(['field_required']);
    expect(errors['steps.0.due_days']).toEqual(['max_value:365']);
    const unknown = await admin.post('/api/onboarding/processes', {
      name: 'P',
      steps: [{ title: 'y', kind: 'task', responsible: { type: 'user', id: 999999 }, due_days: 0 }],
    });
    expect(unknown.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      'steps.0.responsible.id': ['unknown_user'],
    });

    const res = await admin.post('/api/onboarding/processes', {
      name: 'Arrivée cadre',
      steps: [
        {
          title: 'Préparer le poste',
          kind: 'task',
          responsible: { type: 'manager' },
          due_days: -3,
        },
        { title: 'Badge', kind: 'task', responsible: { type: 'user', id: adminId }, due_days: 0 },
        { title: 'Bienvenue', kind: 'email', responsible: { type: 'recruiter' }, due_days: -7 },
        {
          title: 'Pièce d’identité',
          kind: 'document',
          document_name: 'Pièce d’identité onboarding',
          responsible: { type: 'recruiter' },
          due_days: 1,
        },
        { title: 'Point à un mois', kind: 'task', responsible: { type: 'manager' }, due_days: 31 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    process = res.json<TOnboardingProcess>();
    expect(process.steps.map((s) => [s.title, s.position])).toEqual([
      ['Préparer le poste', 0],
      ['Badge', 1],
      ['Bienvenue', 2],
      ['Pièce d’identité', 3],
      ['Point à un mois', 4],
    ]);
    expect(process.steps[1]!.responsible.name).toBeTruthy();

    // Edit: steps kept by id, one removed, order changed.
    const [a, b, ...rest] = process.steps;
    const edited = await admin.put(`/api/onboarding/processes/${process.id}`, {
      name: 'Arrivée cadre',
      steps: [
        b,
        a,
        ...rest,
        { title: 'Temp', kind: 'task', responsible: { type: 'manager' }, due_days: 2 },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json<TOnboardingProcess>();
    expect(after.steps[0]!.id).toBe(b!.id);
    expect(after.steps).toHaveLength(6);
    const back = await admin.put(`/api/onboarding/processes/${process.id}`, {
      name: 'Arrivée cadre',
      steps: process.steps,
    });
    process = back.json<TOnboardingProcess>();
    expect(process.steps.map((s) => s.title)).toEqual([
      'Préparer le poste',
      'Badge',
      'Bienvenue',
      'Pièce d’identité',
      'Point à un mois',
    ]);

    // Without config.onboarding: read (the active ones, below), never written.
    expect((await recruiter.get(`/api/onboarding/processes/${process.id}`)).statusCode).toBe(403);
    expect((await recruiter.post('/api/onboarding/processes', { name: 'x' })).statusCode).toBe(403);
    expect((await other.get(`/api/onboarding/processes/${process.id}`)).statusCode).toBe(404);
    expect(
      (await other.put(`/api/onboarding/processes/${process.id}`, { name: 'x' })).statusCode,
    ).toBe(404);
    expect((await other.del(`/api/onboarding/processes/${process.id}`)).statusCode).toBe(404);
  });

  it('gives planners the user pickers and the active processes; others none', async () => {
    type Person = { id: number; name: string };
    const found = (await recruiter.get('/api/onboarding/users?search=recruiter@')).json<Person[]>();
    expect(found.length).toBe(1);
    const all = await recruiter.get('/api/onboarding/users');
    expect(all.statusCode).toBe(200);
    const mine = all.json<Person[]>();
    expect(mine.length).toBeGreaterThan(1);
    expect(mine.length).toBeLessThanOrEqual(ONBOARDING_PICKER_MAX);
    expect(mine.map((u) => u.id)).toContain(found[0]!.id);
    // Another company's users never; a user who plans no onboarding gets nobody.
    const theirs = (await other.get('/api/onboarding/users')).json<Person[]>();
    expect(theirs.some((u) => mine.some((m) => m.id === u.id))).toBe(false);
    expect((await manager.get('/api/onboarding/users')).json()).toEqual([]);
    expect(
      (await recruiter.get(`/api/onboarding/users?search=${'x'.repeat(101)}`)).statusCode,
    ).toBe(422);

    const idle = await admin.post('/api/onboarding/processes', {
      name: 'Ancien processus',
      active: false,
      steps: [],
    });
    expect(idle.statusCode, idle.body).toBe(201);
    const names = (r: { json: <T>() => T }) => r.json<{ name: string }[]>().map((p) => p.name);
    expect(names(await admin.get('/api/onboarding/processes'))).toContain('Ancien processus');
    const started = names(await recruiter.get('/api/onboarding/processes'));
    expect(started).toContain('Arrivée cadre');
    expect(started).not.toContain('Ancien processus');
    expect((await manager.get('/api/onboarding/processes')).json()).toEqual([]);
  });

  it('has four system statuses, renamable not deletable, plus the company’s own', async () => {
    const list = (await admin.get('/api/onboarding/statuses')).json<TOnboardingStatus[]>();
    expect(list.map((s) => s.system_key)).toEqual([
      'not_started',
      'in_progress',
      'done',
      'cancelled',
    ]);
    const done = list.find((s) => s.system_key === 'done')!;
    expect(
      (await admin.del(`/api/onboarding/statuses/${done.id}`)).json<{ code: string }>().code,
    ).toBe('onboarding_status_not_deletable');
    const renamed = await admin.put(`/api/onboarding/statuses/${done.id}`, { name: 'Terminé !' });
    expect(renamed.json<TOnboardingStatus>().name).toBe('Terminé !');
    await admin.put(`/api/onboarding/statuses/${done.id}`, { name: '' });
    const own = await admin.post('/api/onboarding/statuses', { name: 'En attente du matériel' });
    expect(own.statusCode).toBe(201);
    const ownId = own.json<TOnboardingStatus>().id;
    const moved = await admin.put(`/api/onboarding/statuses/${ownId}`, { position: 1 });
    expect(moved.json<TOnboardingStatus>().position).toBe(1);
    // Readable by any signed-in user (names only); not changed through another company.
    expect((await recruiter.get('/api/onboarding/statuses')).statusCode).toBe(200);
    expect((await manager.get('/api/onboarding/statuses')).statusCode).toBe(200);
    expect((await other.put(`/api/onboarding/statuses/${ownId}`, { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await admin.del(`/api/onboarding/statuses/${ownId}`)).statusCode).toBe(204);
  });

  it('starts an onboarding on a recruited application only, tasks owned and due from the start day', async () => {
    const app = apps[0]!;
    const body = {
      application_id: app.id,
      process_id: process.id,
      start_date: '2027-01-31',
      manager_id: managerId,
      address: '1 place Bellecour, Lyon',
      first_day_contact: 'Accueil, 9 h',
    };
    await ctx.database.db
      .updateTable('applications')
      .set({ status_id: 1 })
      .where('id', '=', app.id)
      .execute();
    const refused = await recruiter.post('/api/onboardings', body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      application_id: ['not_recruited'],
    });
    await recruit([app.id]);
    expect((await manager.post('/api/onboardings', body)).statusCode).toBe(403);
    const res = await recruiter.post('/api/onboardings', body);
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json<TOnboarding>();
    expect(o.status.system_key).toBe('not_started');
    expect(o.progress).toEqual({ done: 0, total: 5 });
    const due = Object.fromEntries(o.tasks.map((t) => [t.title, t.due_date]));
    expect(due).toEqual({
      'Préparer le poste': '2027-01-28',
      Badge: '2027-01-31',
      Bienvenue: '2027-01-24',
      'Pièce d’identité': '2027-02-01',
      'Point à un mois': '2027-03-03',
    });
    const owners = Object.fromEntries(o.tasks.map((t) => [t.title, t.owner?.id ?? null]));
    expect(owners['Préparer le poste']).toBe(managerId);
    expect(owners.Badge).toBe(adminId);
    expect(o.emails).toEqual([
      expect.objectContaining({ title: 'Bienvenue', send_date: '2027-01-24', state: 'scheduled' }),
    ]);
    expect((await recruiter.post('/api/onboardings', body)).json<{ code: string }>().code).toBe(
      'onboarding_exists',
    );
    const ofApp = await recruiter.get(`/api/applications/${app.id}/onboarding`);
    expect(ofApp.json<{ onboarding: { id: number } | null }>().onboarding?.id).toBe(o.id);

    // Moving the start date moves the open tasks' due days.
    const moved = await recruiter.put(`/api/onboardings/${o.id}`, { start_date: '2027-02-28' });
    expect(moved.statusCode, moved.body).toBe(200);
    const dueAfter = Object.fromEntries(
      moved.json<TOnboarding>().tasks.map((t) => [t.title, t.due_date]),
    );
    expect(dueAfter['Pièce d’identité']).toBe('2027-03-01');
    expect(dueAfter.Bienvenue).toBe('2027-02-21');

    // Another company: 404 everywhere.
    expect((await other.get(`/api/onboardings/${o.id}`)).statusCode).toBe(404);
    expect((await other.put(`/api/onboardings/${o.id}`, { address: 'x' })).statusCode).toBe(404);
    expect((await other.post(`/api/onboardings/${o.id}/cancel`)).statusCode).toBe(404);
    expect(
      (await other.put(`/api/onboarding-tasks/${o.tasks[0]!.id}`, { done: true })).statusCode,
    ).toBe(404);
    expect(
      (await other.get('/api/onboardings')).json<TOnboardingPage>().data.map((r) => r.id),
    ).not.toContain(o.id);
  });

  it('starts onboardings in bulk, skipping what is not recruited or already onboarding', async () => {
    const ids = [apps[0]!.id, apps[1]!.id, apps[2]!.id, apps[3]!.id];
    await recruit([apps[1]!.id, apps[2]!.id]);
    await ctx.database.db
      .updateTable('applications')
      .set({ status_id: 2 })
      .where('id', '=', apps[3]!.id)
      .execute();
    const res = await recruiter.post('/api/onboardings/bulk', {
      application_ids: [...ids, 999_999],
      process_id: process.id,
      start_date: '2027-05-03',
      manager_id: managerId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<TOnboardingBulkResult>();
    expect(r.created).toBe(2);
    expect(r.skipped).toEqual([
      { application_id: apps[0]!.id, reason: 'onboarding_exists' },
      { application_id: apps[3]!.id, reason: 'not_recruited' },
      { application_id: 999_999, reason: 'not_found' },
    ]);
    const tooMany = await recruiter.post('/api/onboardings/bulk', {
      application_ids: Array.from({ length: 1001 }, (_, i) => i + 1),
      process_id: process.id,
      start_date: '2027-05-03',
    });
    expect(tooMany.json<{ errors: Record<string, string[]> }>().errors.application_ids).toEqual([
      'max_items:1000',
    ]);

    const page = (
      await recruiter.get('/api/onboardings?filter[start_month]=2027-05')
    ).json<TOnboardingPage>();
    expect(page.total).toBe(2);
    expect(page.data[0]!.progress).toEqual({ done: 0, total: 5 });
    expect(page.data[0]!.manager?.id).toBe(managerId);
    const byManager = (
      await recruiter.get(`/api/onboardings?filter[manager_id]=${managerId}`)
    ).json<TOnboardingPage>();
    expect(byManager.total).toBe(3);
    const counts = (await recruiter.get('/api/onboardings/counts')).json<TOnboardingCounts>();
    expect(counts.reduce((a, c) => a + c.count, 0)).toBe(3 + demoOnboardings);
    const name = page.data[0]!.applicant.lastname;
    const searched = (
      await recruiter.get(`/api/onboardings?search=${encodeURIComponent(name)}`)
    ).json<TOnboardingPage>();
    expect(searched.data.some((d) => d.applicant.lastname === name)).toBe(true);
    expect((await manager.get('/api/onboardings')).statusCode).toBe(403);
  });

  it('sends the welcome e-mail once on its day, across two sweeps and a restart', async () => {
    const email = `onboard.${apps[1]!.applicant_id}@example.test`;
    await ctx.database.db
      .updateTable('applicants')
      .set({ email })
      .where('id', '=', apps[1]!.applicant_id)
      .execute();
    // The welcome e-mails (the document step's request goes to the same address at once).
    const mails = async () =>
      (
        await ctx.database.db
          .selectFrom('mail_outbox')
          .select(['subject', 'text'])
          .where('to', '=', email)
          .execute()
      ).filter((m) => /Bienvenue|Welcome/.test(m.subject));
    const before = (await mails()).length;
    // Start 2027-05-03, e-mail due_days -7: 2027-04-26 on the company's clock (Europe/Paris).
    await ctx.app.worker.runRecurring(new Date('2027-04-25T12:00:00Z'), true);
    expect((await mails()).length - before).toBe(0);
    const day = new Date('2027-04-26T06:00:00Z');
    await Promise.all([
      ctx.app.worker.runRecurring(day, true),
      ctx.app.worker.runRecurring(day, true),
    ]);
    const restarted = ctx.database.dialect === 'postgres' ? await startOtherInstance(ctx) : null;
    try {
      await (restarted ?? ctx).app.worker.runRecurring(new Date('2027-04-27T06:00:00Z'), true);
    } finally {
      await restarted?.close();
    }
    const welcome = (await mails()).slice(before);
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.text).toContain('3 mai 2027');
    const list = (
      await recruiter.get('/api/onboardings?filter[start_month]=2027-05')
    ).json<TOnboardingPage>();
    const mine = list.data.find((d) => d.application_id === apps[1]!.id)!;
    const detail = (await recruiter.get(`/api/onboardings/${mine.id}`)).json<TOnboarding>();
    expect(detail.emails[0]!.state).toBe('sent');
    expect(detail.status.system_key).toBe('in_progress');
    // No language of their own: the company's, which the e-mail was written in.
    expect(detail.applicant.language).toBe('fr');
  });

  it('tells the language the new hire’s e-mails are written in: their own when they gave one', async () => {
    const list = (await recruiter.get('/api/onboardings?per_page=100')).json<TOnboardingPage>();
    const one = list.data[0]!;
    const now = new Date().toISOString();
    await ctx.database.db
      .insertInto('community_members')
      .values({
        company_id: companyId,
        firstname: 'A',
        lastname: 'B',
        email: `lang.${one.applicant.id}@example.test`,
        language: 'de',
        search_text: 'a b',
        notice_language: 'de',
        notice_version: 1,
        consented_at: now,
        retention_until: '2099-01-01T00:00:00.000Z',
        applicant_id: one.applicant.id,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const detail = (await recruiter.get(`/api/onboardings/${one.id}`)).json<TOnboarding>();
    expect(detail.applicant.language).toBe('de');
    // Another company's user does not reach it.
    expect((await other.get(`/api/onboardings/${one.id}`)).statusCode).toBe(404);
  });

  it('asks the document through the upload link; the task is done when it arrives', async () => {
    const list = (
      await recruiter.get('/api/onboardings?filter[start_month]=2027-05')
    ).json<TOnboardingPage>();
    const mine = list.data.find((d) => d.application_id === apps[1]!.id)!;
    const task = await ctx.database.db
      .selectFrom('onboarding_tasks')
      .select(['id', 'document_request_id', 'document_type_id'])
      .where('onboarding_id', '=', mine.id)
      .where('kind', '=', 'document')
      .executeTakeFirstOrThrow();
    expect(task.document_request_id).toBeGreaterThan(0);
    let detail = (await recruiter.get(`/api/onboardings/${mine.id}`)).json<TOnboarding>();
    expect(detail.documents[0]!.requested_at).toBeTruthy();
    expect(detail.documents[0]!.received_at).toBeNull();
    // The new hire sends it (what the public upload page writes).
    const doc = await ctx.database.db
      .insertInto('applicant_documents')
      .values({
        company_id: companyId,
        applicant_id: apps[1]!.applicant_id,
        document_type_id: task.document_type_id,
        storage_key: 'documents/test.pdf',
        filename: 'id.pdf',
        mime: 'application/pdf',
        size: 10,
        uploaded_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .updateTable('document_request_items')
      .set({ document_id: doc.id, uploaded_at: new Date().toISOString() })
      .where('request_id', '=', task.document_request_id!)
      .execute();
    detail = (await recruiter.get(`/api/onboardings/${mine.id}`)).json<TOnboarding>();
    expect(detail.documents[0]!.document_id).toBe(doc.id);
    expect(detail.tasks.find((t) => t.kind === 'document')!.done).toBe(true);
  });

  it('lets a task owner without onboarding.access tick and comment their own tasks only', async () => {
    const list = (
      await recruiter.get('/api/onboardings?filter[start_month]=2027-05')
    ).json<TOnboardingPage>();
    const o = list.data.find((d) => d.application_id === apps[2]!.id)!;
    const full = (await recruiter.get(`/api/onboardings/${o.id}`)).json<TOnboarding>();
    const theirs = full.tasks.filter((t) => t.owner?.id === managerId);
    const notTheirs = full.tasks.find((t) => t.owner?.id !== managerId)!;
    expect(theirs.length).toBe(2);

    const seen = await manager.get(`/api/onboardings/${o.id}`);
    expect(seen.statusCode).toBe(200);
    const limited = seen.json<TOnboarding>();
    expect(limited.limited).toBe(true);
    expect(limited.tasks.map((t) => t.id)).toEqual(theirs.map((t) => t.id));
    expect(limited.documents).toEqual([]);
    expect(limited.emails).toEqual([]);
    expect(limited.address).toBeNull();
    expect(limited.applicant.email).toBeNull();

    const ticked = await manager.put(`/api/onboarding-tasks/${theirs[0]!.id}`, { done: true });
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json<{ done: boolean }>().done).toBe(true);
    const comment = await manager.post(`/api/onboarding-tasks/${theirs[0]!.id}/comments`, {
      body: 'Fait',
    });
    expect(comment.statusCode).toBe(201);
    expect(
      (await manager.put(`/api/onboarding-tasks/${theirs[0]!.id}`, { owner_user_id: managerId }))
        .statusCode,
    ).toBe(403);
    expect(
      (await manager.put(`/api/onboarding-tasks/${notTheirs.id}`, { done: true })).statusCode,
    ).toBe(404);
    expect((await manager.put(`/api/onboardings/${o.id}`, { address: 'x' })).statusCode).toBe(403);

    const my = (await manager.get('/api/onboarding/my-tasks?filter[done]=0')).json<TMyTaskPage>();
    expect(my.data.every((t) => t.owner?.id === managerId && !t.done)).toBe(true);
    expect(my.data.some((t) => t.id === theirs[1]!.id)).toBe(true);
    // A user who owns no task of it: 404.
    const otherO = list.data.find((d) => d.application_id === apps[1]!.id)!;
    await ctx.database.db
      .updateTable('onboarding_tasks')
      .set({ owner_id: recruiterId })
      .where('onboarding_id', '=', otherO.id)
      .execute();
    expect((await manager.get(`/api/onboardings/${otherO.id}`)).statusCode).toBe(404);

    // Reassigning is for onboarding.access: the recruiter gives the task to the admin.
    const given = await recruiter.put(`/api/onboarding-tasks/${theirs[1]!.id}`, {
      owner_user_id: adminId,
      due_date: '2027-06-01',
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json<{ owner: { id: number } }>().owner.id).toBe(adminId);
  });

  it('tells an overdue task’s owner once', async () => {
    const notices = () =>
      ctx.database.db
        .selectFrom('notifications')
        .select('data')
        .where('user_id', '=', adminId)
        .where('data', 'like', '%onboarding_task_overdue%')
        .execute();
    const before = (await notices()).length;
    const late = new Date('2027-07-01T10:00:00Z');
    await ctx.app.worker.runRecurring(late, true);
    await ctx.app.worker.runRecurring(late, true);
    const after = await notices();
    expect(after.length).toBeGreaterThan(before);
    const titles = after.map((n) => JSON.parse(n.data).feature_name as string);
    expect(new Set(titles.slice(before)).size).toBeGreaterThan(0);
    const count = after.length;
    await ctx.app.worker.runRecurring(new Date('2027-07-02T10:00:00Z'), true);
    expect((await notices()).length).toBe(count);
  });

  it('cancels: status cancelled, e-mails not sent, the application may start again', async () => {
    const app = apps[0]!;
    const current = (await recruiter.get(`/api/applications/${app.id}/onboarding`)).json<{
      onboarding: { id: number };
    }>().onboarding;
    const res = await recruiter.post(`/api/onboardings/${current.id}/cancel`);
    expect(res.statusCode).toBe(200);
    const o = res.json<TOnboarding>();
    expect(o.status.system_key).toBe('cancelled');
    expect(o.cancelled_at).toBeTruthy();
    expect(o.emails.every((e) => e.state === 'cancelled' || e.state === 'sent')).toBe(true);
    expect((await recruiter.get(`/api/applications/${app.id}/onboarding`)).json()).toEqual({
      onboarding: null,
    });
    const again = await recruiter.post('/api/onboardings', {
      application_id: app.id,
      process_id: process.id,
      start_date: '2027-09-01',
      manager_id: managerId,
    });
    expect(again.statusCode).toBe(201);
    // Cancelled onboardings leave "my tasks".
    const my = (await admin.get('/api/onboarding/my-tasks')).json<TMyTaskPage>();
    expect(my.data.every((t) => t.onboarding.id !== current.id)).toBe(true);
  });

  it('counts each owner’s tasks as the tasks are: started, ticked, reassigned, cancelled, deleted', async () => {
    // "My tasks" reads its total from onboarding_task_counters (kept by triggers): after every
    // change the earlier tests made, and a deleted onboarding's tasks, each owner's totals are
    // the rows' own counts.
    const gone = await ctx.database.db
      .selectFrom('onboardings')
      .select('id')
      .where('company_id', '=', companyId)
      .where('cancelled_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await ctx.database.db.deleteFrom('onboardings').where('id', '=', gone.id).execute();
    const counted = async (userId: number, done?: boolean) => {
      let q = ctx.database.db
        .selectFrom('onboarding_tasks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('company_id', '=', companyId)
        .where('owner_id', '=', userId)
        .where('onboarding_open', '=', true);
      if (done !== undefined) q = q.where('done', '=', done);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    const users = [
      [admin, adminId],
      [recruiter, recruiterId],
      [manager, managerId],
    ] as const;
    let owned = 0;
    for (const [client, userId] of users) {
      for (const [query, done] of [
        ['', undefined],
        ['?filter[done]=0', false],
        ['?filter[done]=1', true],
      ] as const) {
        const page = (await client.get(`/api/onboarding/my-tasks${query}`)).json<TMyTaskPage>();
        expect(page.total, `${userId}${query}`).toBe(await counted(userId, done));
      }
      owned += await counted(userId);
    }
    expect(owned).toBeGreaterThan(0);
  });
});
