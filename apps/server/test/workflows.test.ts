import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStatus } from '@embauche/contracts/applications';
import {
  ZStatusCreate,
  ZWorkflowForm,
  type TStatusSetting,
  type TWorkflow,
  type TWorkflowAssignmentPage,
} from '@embauche/contracts/workflows';
import { companyOf } from './support/insert-company.ts';
import { apiAs, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Res = { statusCode: number; body: string; json: <T>() => T };
type Offer = { id: number; project_id: number };
type Counts = { total: number; statuses: (TStatus & { count: number })[] };

describe('workflow and status forms (contracts/workflows.ts)', () => {
  const codes = (schema: typeof ZWorkflowForm | typeof ZStatusCreate, input: object) => {
    const r = schema.safeParse(input);
    return r.success
      ? {}
      : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  it('answers the codes of each field', () => {
    expect(codes(ZWorkflowForm, {})).toEqual({
      name: 'field_required',
      status_ids: 'field_required',
    });
    expect(codes(ZWorkflowForm, { name: 'x'.repeat(101), status_ids: [1, 6] })).toEqual({
      name: 'max_length:100',
    });
    expect(codes(ZWorkflowForm, { name: 'A', status_ids: [1, 1, 6] })).toEqual({
      status_ids: 'duplicate',
    });
    expect(codes(ZWorkflowForm, { name: 'A', status_ids: [1, 2] })).toEqual({
      status_ids: 'workflow_required_statuses',
    });
    expect(codes(ZStatusCreate, { name: 'Test', color: 'red' })).toEqual({ color: 'invalid' });
    expect(codes(ZStatusCreate, { name: ' ' })).toEqual({ name: 'field_required' });
  });
});

/**
 * Issue 17 items 2 and 3: workflows of ordered statuses, the company's status names, colours and
 * motifs; the offer's workflow drives its board; permissions and the other company.
 */
describe.each(testDatabases())('workflows and statuses on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let recruiter: Api;
  let other: Api;
  let offer: Offer;
  let counts: string;

  const ok = <T>(res: Res, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return (status === 204 ? undefined : res.json<T>()) as T;
  };
  const errors = (res: Res, status = 422) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const columns = async () => ok<Counts>(await admin.get(counts)).statuses;

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    recruiter = apiAs(ctx.app, await signIn(ctx.app, 'recruiter@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    // The demo company's offer with the most applications.
    const valmont = (await ctx.database.db
      .selectFrom('users')
      .select('company_id')
      .where('email', '=', 'admin@demo.test')
      .executeTakeFirstOrThrow())!.company_id!;
    const rows = await ctx.database.db
      .selectFrom('applications')
      .innerJoin('offers', 'offers.id', 'applications.offer_id')
      .select(['offers.id', 'offers.project_id', (eb) => eb.fn.countAll().as('n')])
      .where('applications.company_id', '=', valmont)
      .groupBy(['offers.id', 'offers.project_id'])
      .execute();
    const best = rows.sort((a, b) => Number(b.n) - Number(a.n))[0]!;
    offer = { id: best.id, project_id: best.project_id };
    counts = `/api/projects/${offer.project_id}/offers/${offer.id}/applications/counts`;
  });
  afterAll(() => ctx.close());

  it('guards every call with its permission', async () => {
    for (const path of ['/api/config/statuses', '/api/config/workflows'])
      expect((await recruiter.get(path)).statusCode).toBe(403);
    expect((await recruiter.post('/api/config/statuses', { name: 'X' })).statusCode).toBe(403);
    expect(
      (await recruiter.post('/api/config/workflows', { name: 'X', status_ids: [1, 6] })).statusCode,
    ).toBe(403);
    expect((await recruiter.get('/api/config/workflow-assignments')).statusCode).toBe(403);
  });

  it('pages and searches the projects and open offers to assign, of the company only', async () => {
    const url = '/api/config/workflow-assignments';
    const company = (email: string) => companyOf(ctx.database.db, email);
    const valmont = await company('admin@demo.test');
    const projects = await ctx.database.db
      .selectFrom('projects')
      .select(['id', 'name'])
      .where('company_id', '=', valmont)
      .where('type', '=', 1)
      .execute();
    const offers = await ctx.database.db
      .selectFrom('offers')
      .select(['id', 'job_position as name', 'project_id', 'company_id'])
      .where('archived', '=', false)
      .execute();
    const ours = offers.filter((o) => o.company_id === valmont);
    const theirs = offers.filter((o) => o.company_id !== valmont);
    expect(ours.length).toBeGreaterThan(2);
    // Projects, by name then id, two by two: every page put together is the company's list.
    const first = ok<TWorkflowAssignmentPage>(await admin.get(`${url}?per_page=2`));
    expect(first).toMatchObject({ current_page: 1, per_page: 2, total: projects.length });
    expect(first.last_page).toBe(Math.max(1, Math.ceil(projects.length / 2)));
    const all = [];
    for (let page = 1; page <= first.last_page; page += 1)
      all.push(
        ...ok<TWorkflowAssignmentPage>(
          await admin.get(`${url}?kind=project&per_page=2&page=${page}`),
        ).data,
      );
    expect(all.map((p) => p.id).sort((a, b) => a - b)).toEqual(
      projects.map((p) => p.id).sort((a, b) => a - b),
    );
    expect(all.every((p) => p.project_id === null)).toBe(true);
    const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id;
    expect(all).toEqual([...all].sort(byName));
    // Offers: the open ones of the company; searched by name, any case, anywhere in the name.
    const offersPage = ok<TWorkflowAssignmentPage>(await admin.get(`${url}?kind=offer&per_page=2`));
    expect(offersPage.total).toBe(ours.length);
    expect(offersPage.data).toHaveLength(2);
    const target = ours.find((o) => o.name.length >= 4)!;
    const part = target.name.slice(1, -1).toUpperCase();
    const found = ok<TWorkflowAssignmentPage>(
      await admin.get(`${url}?kind=offer&per_page=100&filter[search]=${encodeURIComponent(part)}`),
    );
    expect(found.data.map((o) => o.id)).toContain(target.id);
    expect(found.total).toBe(
      ours.filter((o) => o.name.toLowerCase().includes(part.toLowerCase())).length,
    );
    expect(found.data.find((o) => o.id === target.id)!.project_id).toBe(target.project_id);
    // `%` and `_` are text, not wildcards.
    expect(
      ok<TWorkflowAssignmentPage>(await admin.get(`${url}?kind=offer&filter[search]=%25`)).total,
    ).toBe(ours.filter((o) => o.name.includes('%')).length);
    // The other company sees its own rows only, never ours, whatever it searches.
    const mairie = await company('admin@other.test');
    const searched = ok<TWorkflowAssignmentPage>(
      await other.get(
        `${url}?kind=offer&per_page=100&filter[search]=${encodeURIComponent(target.name)}`,
      ),
    );
    expect(searched.data.map((o) => o.id)).not.toContain(target.id);
    const otherOffers = ok<TWorkflowAssignmentPage>(
      await other.get(`${url}?kind=offer&per_page=100`),
    );
    expect(otherOffers.total).toBe(theirs.filter((o) => o.company_id === mairie).length);
    for (const row of otherOffers.data) expect(ours.map((o) => o.id)).not.toContain(row.id);
    const otherProjects = ok<TWorkflowAssignmentPage>(await other.get(`${url}?per_page=100`));
    for (const row of otherProjects.data) expect(projects.map((p) => p.id)).not.toContain(row.id);
    expect(errors(await admin.get(`${url}?kind=applicant`))).toEqual({ kind: ['invalid'] });
    expect(errors(await admin.get(`${url}?per_page=0`))).toEqual({ per_page: ['min_value:1'] });
  });

  it('gives every company one default workflow with the default order', async () => {
    const list = ok<TWorkflow[]>(await admin.get('/api/config/workflows'));
    expect(list.filter((w) => w.is_default)).toHaveLength(1);
    expect(list[0]!.status_ids.slice(0, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await columns()).map((s) => s.id)).toEqual(list[0]!.status_ids);
  });

  it('lists statuses with their motifs and counts', async () => {
    const statuses = ok<TStatusSetting[]>(await admin.get('/api/config/statuses'));
    expect(statuses.slice(0, 8).map((s) => s.name)).toEqual([
      'new',
      'preselected',
      'phone_interview',
      'interview',
      'offer_sent',
      'recruited',
      'refused',
      'withdrawn',
    ]);
    const refused = statuses.find((s) => s.id === 7)!;
    expect(refused.motifs.map((m) => m.name)).toContain('profile_mismatch');
    expect(statuses.find((s) => s.id === 8)!.motifs.map((m) => m.name)).toContain(
      'applicant_declined',
    );
    expect(statuses.find((s) => s.id === 1)!.application_count).toBeGreaterThan(0);
  });

  it('shows a renamed default status by its company name in the kanban data', async () => {
    const renamed = ok<TStatusSetting>(
      await admin.put('/api/config/statuses/2', { name: 'Shortlist', color: '#3366ff' }),
    );
    expect(renamed).toMatchObject({ id: 2, name: 'preselected', label: 'Shortlist' });
    const column = (await columns()).find((s) => s.id === 2)!;
    expect(column).toMatchObject({ name: 'Shortlist', default_status: false, color: '#3366ff' });
    const picker = ok<TStatus[]>(await admin.get('/api/statuses')).find((s) => s.id === 2)!;
    expect(picker.name).toBe('Shortlist');
    // The other company still sees the translated default.
    const theirs = ok<TStatus[]>(await other.get('/api/statuses')).find((s) => s.id === 2)!;
    expect(theirs).toMatchObject({ name: 'preselected', default_status: true });
    // An empty name gives the translated one back.
    ok(await admin.put('/api/config/statuses/2', { name: '' }));
    expect((await columns()).find((s) => s.id === 2)).toMatchObject({
      name: 'preselected',
      default_status: true,
    });
  });

  it('refuses to delete a status in use (409 with the count) or a default one; hides it', async () => {
    const statuses = ok<TStatusSetting[]>(await admin.get('/api/config/statuses'));
    const held = statuses.find((s) => s.id === 1)!.application_count;
    expect(errors(await admin.del('/api/config/statuses/1'), 409)).toEqual({
      status: ['status_not_deletable'],
    });
    const custom = ok<TStatusSetting>(
      await admin.post('/api/config/statuses', { name: 'Test technique' }),
      201,
    );
    expect(custom).toMatchObject({ default_status: false, label: null, application_count: 0 });
    // A new status joins the default workflow.
    expect((await columns()).map((s) => s.id)).toContain(custom.id);
    const [application] = await ctx.database.db
      .selectFrom('applications')
      .select('id')
      .where('offer_id', '=', offer.id)
      .execute();
    await ctx.database.db
      .updateTable('applications')
      .set({ status_id: custom.id })
      .where('id', '=', application!.id)
      .execute();
    const res = await admin.del(`/api/config/statuses/${custom.id}`);
    expect(errors(res, 409)).toEqual({ status: ['status_in_use:1'] });
    expect(res.json<{ code: string }>().code).toBe('status_in_use');
    expect(held).toBeGreaterThan(0);
    // Hidden: out of the pickers, but a column while the offer's applications hold it.
    ok(await admin.put(`/api/config/statuses/${custom.id}`, { hidden: true }));
    expect(ok<TStatus[]>(await admin.get('/api/statuses')).map((s) => s.id)).not.toContain(
      custom.id,
    );
    expect((await columns()).map((s) => s.id)).toContain(custom.id);
    await ctx.database.db
      .updateTable('applications')
      .set({ status_id: 1 })
      .where('id', '=', application!.id)
      .execute();
    expect((await columns()).map((s) => s.id)).not.toContain(custom.id);
    expect((await admin.del(`/api/config/statuses/${custom.id}`)).statusCode).toBe(204);
    expect((await admin.put(`/api/config/statuses/${custom.id}`, {})).statusCode).toBe(404);
  });

  it('creates, renames, hides and deletes motifs', async () => {
    const motif = ok<{ id: number; status_id: number }>(
      await admin.post('/api/config/motifs', { name: 'Pas de permis', status_id: 7 }),
      201,
    );
    expect(motif.status_id).toBe(7);
    expect(errors(await admin.post('/api/config/motifs', { name: 'X', status_id: 99999 }))).toEqual(
      { status_id: ['invalid'] },
    );
    ok(await admin.put(`/api/config/motifs/${motif.id}`, { name: 'Sans permis' }));
    const motifs = ok<{ id: number; name: string }[]>(await admin.get('/api/motifs'));
    expect(motifs.find((m) => m.id === motif.id)!.name).toBe('Sans permis');
    ok(await admin.put('/api/config/motifs/1', { hidden: true }));
    expect(ok<{ id: number }[]>(await admin.get('/api/motifs')).map((m) => m.id)).not.toContain(1);
    expect(ok<{ id: number }[]>(await other.get('/api/motifs')).map((m) => m.id)).toContain(1);
    ok(await admin.put('/api/config/motifs/1', { hidden: false }));
    expect(errors(await admin.del('/api/config/motifs/1'), 409)).toEqual({
      motif: ['motif_not_deletable'],
    });
    expect((await other.del(`/api/config/motifs/${motif.id}`)).statusCode).toBe(404);
    expect((await admin.del(`/api/config/motifs/${motif.id}`)).statusCode).toBe(204);
  });

  it('creates workflows with validation, one default, and the offer’s workflow drives its columns', async () => {
    expect(errors(await admin.post('/api/config/workflows', { name: '', status_ids: [] }))).toEqual(
      { name: ['field_required'], status_ids: ['field_required'] },
    );
    expect(
      errors(
        await admin.post('/api/config/workflows', { name: 'Court', status_ids: [1, 99999, 6] }),
      ),
    ).toEqual({ status_ids: ['invalid'] });
    const short = ok<TWorkflow>(
      await admin.post('/api/config/workflows', { name: 'Court', status_ids: [1, 4, 6, 7] }),
      201,
    );
    expect(short).toMatchObject({ is_default: false, status_ids: [1, 4, 6, 7] });
    expect(
      errors(await admin.post('/api/config/workflows', { name: 'court', status_ids: [1, 6] })),
    ).toEqual({ name: ['not_unique'] });
    // The project's workflow, then the offer's own.
    ok(
      await admin.put('/api/config/workflow-assignments', {
        kind: 'project',
        id: offer.project_id,
        workflow_id: short.id,
      }),
      204,
    );
    const shown = (await columns()).filter((s) => s.count > 0 || [1, 4, 6, 7].includes(s.id));
    expect(shown.map((s) => s.id).slice(0, 4)).toEqual([1, 4, 6, 7]);
    const reordered = ok<TWorkflow>(
      await admin.put(`/api/config/workflows/${short.id}`, {
        name: 'Court',
        status_ids: [1, 7, 6, 4],
      }),
    );
    expect(reordered.status_ids).toEqual([1, 7, 6, 4]);
    expect((await columns()).map((s) => s.id).slice(0, 4)).toEqual([1, 7, 6, 4]);
    const single = ok<TWorkflow>(
      await admin.post('/api/config/workflows', { name: 'Minimal', status_ids: [6, 1] }),
      201,
    );
    ok(
      await admin.put('/api/config/workflow-assignments', {
        kind: 'offer',
        id: offer.id,
        workflow_id: single.id,
      }),
      204,
    );
    expect((await columns()).map((s) => s.id).slice(0, 2)).toEqual([6, 1]);
    const offerName = (await ctx.database.db
      .selectFrom('offers')
      .select('job_position')
      .where('id', '=', offer.id)
      .executeTakeFirstOrThrow())!.job_position;
    const assignments = ok<TWorkflowAssignmentPage>(
      await admin.get(
        `/api/config/workflow-assignments?kind=offer&per_page=100&filter[search]=${encodeURIComponent(offerName)}`,
      ),
    );
    expect(assignments.data.find((o) => o.id === offer.id)!.workflow_id).toBe(single.id);
    // Another company's offer or workflow is not ours.
    const theirs = ok<TWorkflow[]>(await other.get('/api/config/workflows'));
    expect(theirs.map((w) => w.id)).not.toContain(single.id);
    expect((await other.get(`/api/config/workflows/${single.id}`)).statusCode).toBe(404);
    expect(
      (await other.put(`/api/config/workflows/${single.id}`, { name: 'Z', status_ids: [1, 6] }))
        .statusCode,
    ).toBe(404);
    expect((await other.del(`/api/config/workflows/${single.id}`)).statusCode).toBe(404);
    expect(
      errors(
        await other.put('/api/config/workflow-assignments', {
          kind: 'offer',
          id: offer.id,
          workflow_id: null,
        }),
      ),
    ).toEqual({ id: ['invalid'] });
    expect(
      errors(
        await other.put('/api/config/workflow-assignments', {
          kind: 'offer',
          id: offer.id,
          workflow_id: single.id,
        }),
      ),
    ).toEqual({ workflow_id: ['invalid'] });
    // One default: making another the default un-defaults the first; the default is not deleted.
    ok(
      await admin.put(`/api/config/workflows/${short.id}`, {
        name: 'Court',
        status_ids: [1, 7, 6, 4],
        is_default: true,
      }),
    );
    const list = ok<TWorkflow[]>(await admin.get('/api/config/workflows'));
    expect(list.filter((w) => w.is_default).map((w) => w.id)).toEqual([short.id]);
    expect(errors(await admin.del(`/api/config/workflows/${short.id}`), 409)).toEqual({
      workflow: ['workflow_is_default'],
    });
    expect(
      errors(
        await admin.put(`/api/config/workflows/${short.id}`, {
          name: 'Court',
          status_ids: [1, 6],
          is_default: false,
        }),
      ),
    ).toEqual({ is_default: ['invalid'] });
    // Deleting the offer's workflow: it follows its project's again.
    expect((await admin.del(`/api/config/workflows/${single.id}`)).statusCode).toBe(204);
    expect((await columns()).map((s) => s.id).slice(0, 4)).toEqual([1, 7, 6, 4]);
    // Back to the first default for the other tests of the file.
    const first = list.find((w) => w.id !== short.id && w.name === 'Workflow')!;
    ok(
      await admin.put(`/api/config/workflows/${first.id}`, {
        name: first.name,
        status_ids: first.status_ids,
        is_default: true,
      }),
    );
  });

  it('keeps status 6 recruited whatever its name', async () => {
    ok(await admin.put('/api/config/statuses/6', { name: 'Embauché' }));
    const board = (await columns()).find((s) => s.id === 6)!;
    expect(board.name).toBe('Embauché');
    const [application] = await ctx.database.db
      .selectFrom('applications')
      .select('id')
      .where('offer_id', '=', offer.id)
      .execute();
    const res = await admin.put(
      `/api/projects/${offer.project_id}/offers/${offer.id}/applications/statuses`,
      { application_id: application!.id, status_id: 6 },
    );
    const item = ok<{ recruited_at: string | null; status: { name: string } }>(res);
    expect(item.recruited_at).not.toBeNull();
    expect(item.status.name).toBe('Embauché');
  });
});
