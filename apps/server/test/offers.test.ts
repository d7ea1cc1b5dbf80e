import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, projectId, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Offer = {
  id: number;
  status: string;
  archived: boolean;
  project_id: number;
  job_position: string;
};

describe.each(testDatabases())('offers on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let other: Api;
  let manager: Api;
  let finance: number;
  let rh: number;
  let siege: number;
  let theirOffer: Offer;
  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    manager = apiAs(ctx.app, await signIn(ctx.app, 'manager@demo.test'));
    finance = await projectId(admin, 'Finance et contrôle de gestion');
    rh = await projectId(admin, 'Ressources humaines');
    siege = await projectId(admin, 'Siège – Lyon');
    theirOffer = (await other.get('/api/projects/all/offers')).json().data[0];
  });
  afterAll(() => ctx.close());

  const create = async (body: object, project = finance) => {
    const res = await admin.post(`/api/projects/${project}/offers`, body);
    expect(res.statusCode).toBe(201);
    return res.json() as Offer & Record<string, unknown>;
  };

  it('lists offers paged, not archived by default, newest first', async () => {
    const res = await admin.get('/api/projects/all/offers?per_page=10');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ current_page: 1, per_page: 10 });
    expect(page.data).toHaveLength(10);
    expect(page.total).toBeGreaterThan(25);
    expect(page.last_page).toBe(Math.ceil(page.total / 10));
    expect(page.data.every((o: Offer) => !o.archived)).toBe(true);
    const dates = page.data.map((o: { created_at: string }) => o.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = (await admin.get('/api/projects/all/offers?per_page=10&page=2')).json();
    expect(second.current_page).toBe(2);
    expect(second.data[0].id).not.toBe(page.data[0].id);
    expect((await admin.get('/api/projects/all/offers?page=0')).statusCode).toBe(422);
  });

  it('filters by status, archived, search, dates, job board, project and alert', async () => {
    const get = async (query: string) => {
      const res = await admin.get(`/api/projects/all/offers?per_page=100&${query}`);
      expect(res.statusCode).toBe(200);
      return res.json().data as (Offer & Record<string, unknown>)[];
    };
    const drafts = await get('filter[status]=draft');
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.every((o) => o.status === 'draft')).toBe(true);
    const two = await get('filter[status]=draft,unpublished');
    expect(new Set(two.map((o) => o.status))).toEqual(new Set(['draft', 'unpublished']));
    const archived = await get('filter[archived]=1');
    expect(archived.length).toBe(7);
    expect(archived.every((o) => o.archived && o.archived_reason)).toBe(true);
    expect((await get('filter[archived]=all')).length).toBe((await get('')).length + 7);
    expect((await get('filter[q]=cariste')).map((o) => o.job_position)).toEqual([
      'Cariste CACES 1, 3 et 5 H/F',
    ]);
    expect((await get('filter[q]=VAL-2025001')).length).toBe(1);
    // Blind to accents and case on both databases.
    for (const q of ['tresorerie', 'TRÉSORERIE', 'Trésorerie'])
      expect((await get(`filter[q]=${encodeURIComponent(q)}`)).map((o) => o.job_position)).toEqual([
        'Responsable trésorerie H/F',
      ]);
    const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
    const recent = await get(`filter[created_at]=${day(5)},${day(0)}`);
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.every((o) => String(o.created_at) >= `${day(5)}T`)).toBe(true);
    const older = await get(`filter[created_at]=,${day(100)}`);
    expect(older.every((o) => String(o.created_at) < `${day(99)}T`)).toBe(true);
    expect((await get(`filter[updated_at]=${day(3)},`)).length).toBeGreaterThan(0);
    const closing = await get(`filter[closed_at]=${day(0)},${day(-7)}`);
    expect(closing.length).toBeGreaterThan(0);
    expect(closing.every((o) => o.closing_date !== null)).toBe(true);
    const posted = await get('filter[jobboard]=2');
    expect(posted.length).toBeGreaterThan(0);
    expect(posted.every((o) => o.status === 'published')).toBe(true);
    expect(await get('filter[jobboard]=5')).toEqual([]);
    const inFolder = await get(`filter[project_id]=${siege}`);
    expect(inFolder.length).toBeGreaterThan(0);
    expect(new Set(inFolder.map((o) => o.project_name)).size).toBeGreaterThan(1);
    const alerts = await get('filter[alert]=1');
    expect(alerts.length).toBeGreaterThan(0);
    expect(alerts.every((o) => o.in_alert)).toBe(true);
    const calm = await get('filter[alert]=0');
    expect(calm.every((o) => !o.in_alert)).toBe(true);
    // The two halves make the whole list: an offer without a closing date or without any
    // application is "not in alert", not left out of both.
    expect(calm.some((o) => o.closing_date === null)).toBe(true);
    expect(alerts.length + calm.length).toBe((await get('')).length);
    const sorted = await get('sort=job_position');
    const names = sorted.map((o) => o.job_position);
    expect(names[0]!.localeCompare(names[names.length - 1]!)).toBeLessThan(0);

    for (const bad of [
      'filter[status]=open',
      'filter[created_at]=2024-13-01,',
      'filter[archived]=maybe',
      'sort=password',
      'filter[jobboard]=x',
    ]) {
      expect((await admin.get(`/api/projects/all/offers?${bad}`)).statusCode, bad).toBe(422);
    }
  });

  it('lists a folder with every project below it, and the special lists', async () => {
    const folder = (await admin.get(`/api/projects/${siege}/offers?per_page=100`)).json();
    const leaf = (await admin.get(`/api/projects/${finance}/offers?per_page=100`)).json();
    expect(folder.total).toBeGreaterThan(leaf.total);
    expect(leaf.data.every((o: Offer) => o.project_id === finance)).toBe(true);
    const favorites = (await admin.get('/api/projects/favorites/offers')).json();
    expect(favorites.total).toBe(4);
    expect(favorites.data.every((o: { is_favorite: boolean }) => o.is_favorite)).toBe(true);
    expect((await admin.get('/api/projects/favorites-offers/offers')).json().total).toBe(4);
    const drafts = (await admin.get('/api/projects/drafts-offers/offers?per_page=100')).json();
    expect(drafts.data.every((o: Offer) => o.status === 'draft' && !o.archived)).toBe(true);
    const favProjects = (await admin.get('/api/projects/favorites-projects/offers')).json();
    expect(favProjects.total).toBeGreaterThan(0);
    const direct = (await manager.get('/api/projects/offers-direct-access/offers')).json();
    expect(direct.total).toBe(1);
    const mine = (await manager.get('/api/projects/all/offers?per_page=100')).json();
    expect(mine.data.map((o: { project_name: string }) => o.project_name)).toContain(
      'Agence Paris 15e',
    );
    expect(mine.data.map((o: { id: number }) => o.id)).toContain(direct.data[0].id);
    expect(new Set(mine.data.map((o: { project_name: string }) => o.project_name)).size).toBe(2);
    expect((await other.get(`/api/projects/${finance}/offers`)).statusCode).toBe(404);
    expect((await manager.get(`/api/projects/${finance}/offers`)).statusCode).toBe(403);
  });

  it('creates an offer as a draft with a sanitised description', async () => {
    const offer = await create({
      job_position: 'Analyste financier H/F',
      reference: 'FIN-1',
      description:
        '<h3>Missions</h3><p onclick="x()">Analyser <a href="javascript:alert(1)">ici</a> <a href="https://valmont.fr" target="_top">site</a></p><script>alert(1)</script><img src=x onerror=alert(1)>',
      contract_type: 'cdi',
      location: 'Lyon 3e',
      department: '69 - Rhône',
      remote: 'partial',
      salary_min: 42000,
      salary_max: 48000,
      closing_date: '2030-06-30',
    });
    expect(offer).toMatchObject({
      status: 'draft',
      archived: false,
      project_id: finance,
      remote: 'partial',
      created_by: { firstname: 'Camille', lastname: 'Durand' },
    });
    expect(offer.description).toBe(
      '<h3>Missions</h3><p>Analyser <a>ici</a> <a href="https://valmont.fr" target="_blank" rel="noopener noreferrer">site</a></p>',
    );
    const minimal = await create({ job_position: 'Stagiaire' });
    expect(minimal).toMatchObject({ remote: 'none', description: null, contract_type: null });
  });

  it('validates offers and where they go', async () => {
    const bad = await admin.post(`/api/projects/${finance}/offers`, {
      job_position: '',
      contract_type: 'cdx',
      closing_date: '30/06/2030',
      reference: 'x'.repeat(51),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      job_position: ['field_required'],
      contract_type: ['invalid'],
      closing_date: ['invalid'],
      reference: ['max_length:50'],
    });
    const salary = await admin.post(`/api/projects/${finance}/offers`, {
      job_position: 'X',
      salary_min: 50000,
      salary_max: 40000,
    });
    expect(salary.json().errors).toEqual({ salary_max: ['invalid'] });
    const inFolder = await admin.post(`/api/projects/${siege}/offers`, { job_position: 'X' });
    expect(inFolder.json().errors).toEqual({ project_id: ['invalid'] });
    const subsidiary = await admin.post(`/api/projects/${finance}/offers`, {
      job_position: 'X',
      subsidiary_id: 999_999,
    });
    expect(subsidiary.json().errors).toEqual({ subsidiary_id: ['invalid'] });
    expect(
      (await other.post(`/api/projects/${finance}/offers`, { job_position: 'X' })).statusCode,
    ).toBe(404);
    expect(
      (await manager.post(`/api/projects/${finance}/offers`, { job_position: 'X' })).statusCode,
    ).toBe(403);
  });

  it('shows and edits an offer; another company’s is not found', async () => {
    const offer = await create({ job_position: 'Contrôleur interne', salary_min: 40000 });
    const url = `/api/projects/${finance}/offers/${offer.id}`;
    const detail = (await admin.get(url)).json();
    expect(detail.jobboards.length).toBe(8);
    expect((await admin.get(`/api/projects/all/offers/${offer.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/projects/${rh}/offers/${offer.id}`)).statusCode).toBe(404);
    expect((await other.get(url)).statusCode).toBe(404);
    expect((await other.get(`/api/projects/all/offers/${offer.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/projects/all/offers/${theirOffer.id}`)).statusCode).toBe(404);
    expect((await manager.get(`/api/projects/all/offers/${offer.id}`)).statusCode).toBe(403);

    const edited = await admin.put(url, { location: 'Villeurbanne', description: '<p>Ok</p>' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      location: 'Villeurbanne',
      description: '<p>Ok</p>',
      job_position: 'Contrôleur interne',
    });
    expect((await admin.put(url, { salary_max: 30000 })).json().errors).toEqual({
      salary_max: ['invalid'],
    });
    expect((await admin.put(url, { job_position: '' })).statusCode).toBe(422);
    expect((await other.put(url, { location: 'X' })).statusCode).toBe(404);
    expect((await manager.put(url, { location: 'X' })).statusCode).toBe(403);
  });

  it('toggles favourite offers', async () => {
    const offer = await create({ job_position: 'Favori' });
    const url = `/api/projects/${finance}/offers/${offer.id}/favorites`;
    expect((await admin.post(url)).statusCode).toBe(204);
    expect(
      (await admin.get(`/api/projects/${finance}/offers/${offer.id}`)).json().is_favorite,
    ).toBe(true);
    expect((await admin.del(url)).statusCode).toBe(204);
    expect(
      (await admin.get(`/api/projects/${finance}/offers/${offer.id}`)).json().is_favorite,
    ).toBe(false);
    expect((await other.post(url)).statusCode).toBe(404);
  });

  it('publishes, unpublishes, archives with a reason, sends back to draft and moves', async () => {
    const offer = await create({ job_position: 'Cycle de vie' });
    const url = (action: string) => `/api/projects/${finance}/offers/${offer.id}/${action}`;
    const published = await admin.put(url('publish'));
    expect(published.statusCode).toBe(200);
    expect(published.json().status).toBe('published');
    expect(published.json().published_at).not.toBeNull();
    const again = await admin.put(url('publish'));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_published');
    expect((await admin.put(url('unpublish'))).json().status).toBe('unpublished');
    expect((await admin.put(url('unpublish'))).json().code).toBe('not_published');
    const noReason = await admin.put(url('archive'), {});
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ reason: ['field_required'] });
    // A reason outside the list is a wrong value, not a missing one.
    const badReason = await admin.put(url('archive'), { reason: 'x' });
    expect(badReason.statusCode).toBe(422);
    expect(badReason.json().errors).toEqual({ reason: ['invalid'] });
    expect((await admin.put(url('archive'), { reason: 42 })).json().errors).toEqual({
      reason: ['invalid'],
    });
    const archived = await admin.put(url('archive'), {
      reason: 'recruitment_cancelled',
      comment: 'Budget gelé',
    });
    expect(archived.json()).toMatchObject({
      archived: true,
      archived_reason: 'recruitment_cancelled',
      archived_comment: 'Budget gelé',
    });
    expect((await admin.put(url('publish'))).json().code).toBe('archived');
    const draft = await admin.put(url('archive/draft'));
    expect(draft.json()).toMatchObject({ status: 'draft', archived: false, archived_reason: null });
    expect((await admin.put(url('archive/draft'))).json().code).toBe('already_draft');

    const toFolder = await admin.put(url('move'), { target_project: siege });
    expect(toFolder.json().errors).toEqual({ target_project: ['invalid'] });
    const moved = await admin.put(url('move'), { moving_offer: offer.id, target_project: rh });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().project_id).toBe(rh);
    expect(
      (
        await admin.put(`/api/projects/${rh}/offers/${offer.id}/move`, { target_project: rh })
      ).json().code,
    ).toBe('already_in_project');
    expect((await other.put(`/api/projects/all/offers/${offer.id}/publish`)).statusCode).toBe(404);
    expect((await manager.put(`/api/projects/all/offers/${offer.id}/publish`)).statusCode).toBe(
      403,
    );
  });

  it('runs batch actions and tells which offers changed and which could not', async () => {
    const a = await create({ job_position: 'Lot A' });
    const b = await create({ job_position: 'Lot B' });
    const published = await admin.put('/api/projects/all/offers/batch/publish', {
      offers_ids: [a.id, b.id],
    });
    expect(published.json()).toEqual({ changed: [a.id, b.id], failed: [] });
    const mixed = await admin.put('/api/projects/all/offers/batch/unpublish', {
      offers_ids: [a.id, 999_999, theirOffer.id],
    });
    expect(mixed.json()).toEqual({
      changed: [a.id],
      failed: [
        { id: 999_999, reason: 'not_found' },
        { id: theirOffer.id, reason: 'not_found' },
      ],
    });
    const archive = await admin.put(`/api/projects/${finance}/offers/batch/archive`, {
      offers_ids: [a.id, b.id],
      reason: 'position_filled',
    });
    expect(archive.json().changed).toEqual([a.id, b.id]);
    const detail = (await admin.get(`/api/projects/all/offers/${b.id}`)).json();
    expect(detail).toMatchObject({ archived: true, status: 'unpublished' });
    const twice = await admin.put('/api/projects/all/offers/batch/archive', {
      offers_ids: [a.id],
      reason: 'other',
    });
    expect(twice.json().failed).toEqual([{ id: a.id, reason: 'already_archived' }]);
    expect(
      (await admin.put('/api/projects/all/offers/batch/archive', { offers_ids: [a.id] }))
        .statusCode,
    ).toBe(422);
    const drafts = await admin.put('/api/projects/all/offers/batch/archive/draft', {
      offers_ids: [a.id, b.id],
    });
    expect(drafts.json().changed).toEqual([a.id, b.id]);
    const moved = await admin.put('/api/projects/all/offers/batch/move', {
      moving_offers: [a.id, b.id],
      target_project: rh,
    });
    expect(moved.json().changed).toEqual([a.id, b.id]);
    const badTarget = await admin.put('/api/projects/all/offers/batch/move', {
      moving_offers: [a.id],
      target_project: siege,
    });
    expect(badTarget.json().errors).toEqual({ target_project: ['invalid'] });
    const empty = await admin.put('/api/projects/all/offers/batch/publish', { offers_ids: [] });
    expect(empty.json().errors).toEqual({ offers_ids: ['field_required'] });
    // A project id scopes the batch: offers elsewhere are not found there.
    const scoped = await admin.put(`/api/projects/${finance}/offers/batch/publish`, {
      offers_ids: [a.id],
    });
    expect(scoped.json().failed).toEqual([{ id: a.id, reason: 'not_found' }]);
    expect(
      (await manager.put('/api/projects/all/offers/batch/publish', { offers_ids: [a.id] }))
        .statusCode,
    ).toBe(403);
  });

  it('lists the job boards and posts an offer on them', async () => {
    const boards = (await admin.get('/api/projects/all/offers/jobboards')).json();
    expect(boards.map((b: { slug: string }) => b.slug)).toContain('indeed');
    const offer = await create({ job_position: 'Diffusion' });
    const url = `/api/projects/${finance}/offers/${offer.id}/jobboards`;
    const set = await admin.put(url, { jobboard_ids: [1, 3] });
    expect(set.statusCode).toBe(200);
    const posted = set.json().filter((b: { posted: boolean }) => b.posted);
    expect(posted.map((b: { id: number }) => b.id)).toEqual([1, 3]);
    // Off-line while the offer is a draft, on-line once published.
    expect(posted.every((b: { removed_at: string | null }) => b.removed_at !== null)).toBe(true);
    await admin.put(`/api/projects/${finance}/offers/${offer.id}/publish`);
    const live = (await admin.get(url)).json().filter((b: { posted: boolean }) => b.posted);
    expect(live.every((b: { removed_at: string | null }) => b.removed_at === null)).toBe(true);
    expect((await admin.put(url, { jobboard_ids: [99] })).json().errors).toEqual({
      jobboard_ids: ['invalid'],
    });
    expect((await other.get(url)).statusCode).toBe(404);
  });

  it('grants an offer to users directly', async () => {
    const offer = await create({ job_position: 'Accès direct' });
    const publishers = (await admin.get('/api/projects/all/offers/users-publish')).json();
    expect(publishers.map((u: { email: string }) => u.email)).toContain('admin@demo.test');
    expect(publishers.map((u: { email: string }) => u.email)).not.toContain('manager@demo.test');
    const without = (
      await admin.get(`/api/projects/${finance}/users-without-access?offer_id=${offer.id}`)
    ).json();
    const managerUser = without.find((u: { email: string }) => u.email === 'manager@demo.test');
    expect(managerUser).toBeDefined();
    expect(without.map((u: { email: string }) => u.email)).not.toContain('admin@demo.test');
    const url = `/api/offer/${offer.id}/users-with-offer-access`;
    expect((await admin.get(url)).json()).toEqual([]);
    const set = await admin.put(url, { users_ids: [managerUser.id] });
    expect(set.json().map((u: { id: number }) => u.id)).toEqual([managerUser.id]);
    expect((await manager.get(`/api/projects/all/offers/${offer.id}`)).statusCode).toBe(200);
    const after = (
      await admin.get(`/api/projects/${finance}/users-without-access?offer_id=${offer.id}`)
    ).json();
    expect(after.map((u: { id: number }) => u.id)).not.toContain(managerUser.id);
    expect((await admin.put(url, { users_ids: [999_999] })).json().errors).toEqual({
      users_ids: ['invalid'],
    });
    expect((await other.get(url)).statusCode).toBe(404);
    expect((await manager.put(url, { users_ids: [] })).statusCode).toBe(403);
  });
});
