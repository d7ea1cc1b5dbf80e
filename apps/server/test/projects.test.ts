import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, projectId, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

describe.each(testDatabases())('projects on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let other: Api;
  let manager: Api;
  let siege: number;
  let finance: number;
  let paris15: number;
  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    manager = apiAs(ctx.app, await signIn(ctx.app, 'manager@demo.test'));
    siege = await projectId(admin, 'Siège – Lyon');
    finance = await projectId(admin, 'Finance et contrôle de gestion');
    paris15 = await projectId(admin, 'Agence Paris 15e');
  });
  afterAll(() => ctx.close());

  it('lists flat by default and as a tree, with counts summed over folders', async () => {
    const flat = (await admin.get('/api/projects')).json();
    expect(flat.length).toBe(14);
    expect(flat.every((p: { parent_id: unknown }) => 'parent_id' in p)).toBe(true);
    const tree = (await admin.get('/api/projects?mode=tree')).json();
    expect(tree.map((p: { name: string }) => p.name)).toEqual([
      'Agences Île-de-France',
      'Campagne alternance 2025',
      'Logistique',
      'Renforts saisonniers – été',
      'Siège – Lyon',
    ]);
    const node = tree.find((p: { id: number }) => p.id === siege);
    expect(node.type).toBe(0);
    expect(node.total_sub_projects).toBe(3);
    const childOffers = node.children.reduce(
      (n: number, c: { total_offers: number }) => n + c.total_offers,
      0,
    );
    expect(node.total_offers).toBe(childOffers);
    expect(node.total_offers).toBeGreaterThan(0);
    expect(node.total_to_treat).toBeGreaterThan(0);
    // Another company sees only its own tree.
    const theirs = (await other.get('/api/projects')).json();
    expect(theirs.map((p: { name: string }) => p.name)).toContain('Services techniques');
    expect(theirs.map((p: { id: number }) => p.id)).not.toContain(siege);
  });

  it('answers 401 without a session and 403 without the permission', async () => {
    expect((await apiAs(ctx.app).get('/api/projects')).statusCode).toBe(401);
    expect((await manager.post('/api/projects', { name: 'X', type: 1 })).statusCode).toBe(403);
    expect((await manager.put(`/api/projects/${paris15}`, { name: 'X', type: 1 })).statusCode).toBe(
      403,
    );
    expect((await manager.del(`/api/projects/${paris15}`)).statusCode).toBe(403);
  });

  it('shows a user without project.see_all only the projects listed for them', async () => {
    const list = (await manager.get('/api/projects')).json();
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Agence Paris 15e']);
    expect((await manager.get(`/api/projects/${finance}/tree`)).statusCode).toBe(403);
    expect((await manager.get(`/api/projects/${paris15}/tree`)).statusCode).toBe(200);
  });

  it('creates, renames and validates projects', async () => {
    const folder = await admin.post('/api/projects', { name: '  Direction  ', type: 0 });
    expect(folder.statusCode).toBe(201);
    expect(folder.json()).toMatchObject({ name: 'Direction', type: 0, parent_id: null });
    const leaf = await admin.post('/api/projects', {
      name: 'Comité de direction',
      type: 1,
      parent_id: folder.json().id,
    });
    expect(leaf.statusCode).toBe(201);
    const bad = await admin.post('/api/projects', { name: '', type: 3 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ name: ['field_required'], type: ['invalid'] });
    const long = await admin.post('/api/projects', { name: 'x'.repeat(256), type: 1 });
    expect(long.json().errors).toEqual({ name: ['max_length:255'] });
    // A parent must be one of the company's folders.
    const underLeaf = await admin.post('/api/projects', {
      name: 'X',
      type: 1,
      parent_id: finance,
    });
    expect(underLeaf.json().errors).toEqual({ parent_id: ['invalid'] });
    const theirFolder = (await other.get('/api/projects')).json()[0].id;
    const foreign = await admin.post('/api/projects', {
      name: 'X',
      type: 1,
      parent_id: theirFolder,
    });
    expect(foreign.json().errors).toEqual({ parent_id: ['invalid'] });

    const renamed = await admin.put(`/api/projects/${leaf.json().id}`, {
      id: leaf.json().id,
      name: 'Codir',
      type: 1,
      parent_id: folder.json().id,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Codir');
    expect((await other.put(`/api/projects/${siege}`, { name: 'X', type: 0 })).statusCode).toBe(
      404,
    );
    // A folder that holds projects cannot become a leaf.
    const toLeaf = await admin.put(`/api/projects/${siege}`, { name: 'Siège – Lyon', type: 1 });
    expect(toLeaf.statusCode).toBe(409);
    expect(toLeaf.json().code).toBe('project_has_children');
  });

  it('keeps the documents setting: on by default, set at creation, changed or kept at update', async () => {
    const seasonal = await projectId(admin, 'Renforts saisonniers – été');
    expect((await admin.get(`/api/projects/${seasonal}`)).json().documents_enabled).toBe(false);
    expect((await admin.get(`/api/projects/${paris15}`)).json().documents_enabled).toBe(true);
    const tree = (await admin.get('/api/projects?mode=tree')).json();
    expect(tree.find((p: { id: number }) => p.id === seasonal).documents_enabled).toBe(false);
    expect(tree.find((p: { id: number }) => p.id === siege).children[0].documents_enabled).toBe(
      true,
    );
    expect((await admin.get(`/api/projects/${seasonal}/tree`)).json().documents_enabled).toBe(
      false,
    );

    const byDefault = await admin.post('/api/projects', { name: 'Stages', type: 1 });
    expect(byDefault.json().documents_enabled).toBe(true);
    const created = await admin.post('/api/projects', {
      name: 'Intérim',
      type: 1,
      documents_enabled: false,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json().documents_enabled).toBe(false);
    const bad = await admin.post('/api/projects', { name: 'X', type: 1, documents_enabled: 'no' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['documents_enabled']);

    const on = await admin.put(`/api/projects/${id}`, {
      name: 'Intérim',
      type: 1,
      documents_enabled: true,
    });
    expect(on.json().documents_enabled).toBe(true);
    // Absent at update: kept.
    const kept = await admin.put(`/api/projects/${id}`, { name: 'Intérim 2025', type: 1 });
    expect(kept.json()).toMatchObject({ name: 'Intérim 2025', documents_enabled: true });
    const off = await admin.put(`/api/projects/${id}`, {
      name: 'Intérim 2025',
      type: 1,
      documents_enabled: false,
    });
    expect(off.json().documents_enabled).toBe(false);
    expect((await admin.get(`/api/projects/${id}`)).json().documents_enabled).toBe(false);
    const flat = (await admin.get('/api/projects')).json();
    expect(flat.find((p: { id: number }) => p.id === id).documents_enabled).toBe(false);
    // Another company's project is not found, and stays as it was.
    const foreign = await other.put(`/api/projects/${id}`, {
      name: 'X',
      type: 1,
      documents_enabled: true,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await other.get(`/api/projects/${id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/projects/${id}`)).json()).toMatchObject({
      name: 'Intérim 2025',
      documents_enabled: false,
    });
  });

  it('moves a project, never into itself or below itself', async () => {
    const a = (await admin.post('/api/projects', { name: 'A', type: 0 })).json().id;
    const b = (await admin.post('/api/projects', { name: 'B', type: 0, parent_id: a })).json().id;
    const self = await admin.put(`/api/projects/${a}/move`, {
      moving_project: a,
      target_project: a,
    });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors).toEqual({ target_project: ['invalid'] });
    const below = await admin.put(`/api/projects/${a}/move`, { target_project: b });
    expect(below.statusCode).toBe(422);
    const viaUpdate = await admin.put(`/api/projects/${a}`, { name: 'A', type: 0, parent_id: b });
    expect(viaUpdate.json().errors).toEqual({ parent_id: ['invalid'] });
    const moved = await admin.put(`/api/projects/${b}/move`, {
      moving_project: b,
      target_project: siege,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().parent_id).toBe(siege);
    const top = await admin.put(`/api/projects/${b}/move`, { target_project: null });
    expect(top.json().parent_id).toBeNull();
    expect((await other.put(`/api/projects/${b}/move`, { target_project: null })).statusCode).toBe(
      404,
    );
  });

  it('deletes only an empty project', async () => {
    const busy = await admin.del(`/api/projects/${siege}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('project_not_empty');
    expect((await admin.del(`/api/projects/${finance}`)).statusCode).toBe(409);
    const empty = (await admin.post('/api/projects', { name: 'Vide', type: 1 })).json().id;
    expect((await other.del(`/api/projects/${empty}`)).statusCode).toBe(404);
    expect((await admin.del(`/api/projects/${empty}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/projects/${empty}`)).statusCode).toBe(404);
  });

  it('answers trees for folders, leaves and special ids', async () => {
    const folder = (await admin.get(`/api/projects/${siege}/tree`)).json();
    expect(folder.type).toBe(0);
    expect(folder.all_ids).toContain(siege);
    expect(folder.all_ids).toContain(finance);
    const leaf = (await admin.get(`/api/projects/${finance}/tree`)).json();
    expect(leaf).toMatchObject({ type: 1, children: [], all_ids: [finance] });
    const all = (await admin.get('/api/projects/all/tree')).json();
    expect(all).toMatchObject({ id: 'all', type: 2 });
    expect(all.all_ids.length).toBeGreaterThanOrEqual(14);
    const favorites = (await admin.get('/api/projects/favorites/tree')).json();
    expect(favorites.children.map((c: { name: string }) => c.name).sort()).toEqual([
      'Campagne alternance 2025',
      'Plateforme de Vénissieux',
    ]);
    const drafts = (await admin.get('/api/projects/drafts/tree')).json();
    expect(drafts).toMatchObject({ id: 'drafts', type: 2, children: [], all_ids: [] });
    expect((await admin.get('/api/projects/nope/tree')).statusCode).toBe(422);
    expect((await other.get(`/api/projects/${siege}/tree`)).statusCode).toBe(404);
  });

  it('keeps favourite projects per user', async () => {
    expect((await admin.post(`/api/projects/${siege}/favorites`)).statusCode).toBe(204);
    expect((await admin.post(`/api/projects/${siege}/favorites`)).statusCode).toBe(204);
    let favorites = (await admin.get('/api/projects/favorites')).json();
    expect(favorites.map((p: { id: number }) => p.id)).toContain(siege);
    expect(favorites.every((p: { is_favorite: boolean }) => p.is_favorite)).toBe(true);
    expect((await admin.del(`/api/projects/${siege}/favorites`)).statusCode).toBe(204);
    favorites = (await admin.get('/api/projects/favorites')).json();
    expect(favorites.map((p: { id: number }) => p.id)).not.toContain(siege);
    expect((await other.post(`/api/projects/${siege}/favorites`)).statusCode).toBe(404);
    expect((await manager.get('/api/projects/favorites')).json()).toEqual([]);
  });

  it('lists parent folders depth first', async () => {
    const parents = (await admin.get('/api/projects/parents')).json();
    expect(parents.length).toBeGreaterThanOrEqual(3);
    expect(parents.find((p: { id: number }) => p.id === siege)).toMatchObject({ depth: 0 });
    expect(parents.find((p: { id: number }) => p.id === finance)).toBeUndefined();
  });

  it('searches with at least 2 characters, accents and case ignored', async () => {
    const short = await admin.get('/api/projects/search?search=a');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ search: ['min_length:2'] });
    const found = (await admin.get('/api/projects/search?search=ile-de')).json();
    expect(found.projects.map((p: { name: string }) => p.name)).toEqual(['Agences Île-de-France']);
    const offers = (await admin.get('/api/projects/search?search=cariste&scope=offers')).json();
    expect(offers.projects).toEqual([]);
    expect(offers.offers[0].job_position).toMatch(/Cariste/);
    expect((await admin.get('/api/projects/search?search=ab&scope=nope')).statusCode).toBe(422);
    const theirs = (await other.get('/api/projects/search?search=cariste')).json();
    expect(theirs).toEqual({ projects: [], offers: [] });
  });

  it('lists project users, sets them, and tells who is authorized', async () => {
    const users = (await admin.get(`/api/projects/${finance}/users`)).json();
    const managerRow = users.find((u: { email: string }) => u.email === 'manager@demo.test');
    expect(managerRow.has_access).toBe(false);
    const set = await admin.put(`/api/projects/${finance}/users`, { users_ids: [managerRow.id] });
    expect(set.statusCode).toBe(200);
    expect(set.json().find((u: { id: number }) => u.id === managerRow.id).has_access).toBe(true);
    const authorized = (await admin.get(`/api/projects/${finance}/users/authorized`)).json();
    expect(authorized.find((u: { id: number }) => u.id === managerRow.id).via).toBe('project');
    expect(authorized.find((u: { email: string }) => u.email === 'admin@demo.test').via).toBe(
      'see_all',
    );
    expect((await manager.get(`/api/projects/${finance}/offers`)).statusCode).toBe(200);
    await admin.put(`/api/projects/${finance}/users`, { users_ids: [] });
    expect((await manager.get(`/api/projects/${finance}/offers`)).statusCode).toBe(403);
    const theirUser = (await other.get('/api/projects')).json()[0].id;
    const foreign = await admin.put(`/api/projects/${finance}/users`, { users_ids: [999_999] });
    expect(foreign.json().errors).toEqual({ users_ids: ['invalid'] });
    expect((await other.get(`/api/projects/${finance}/users`)).statusCode).toBe(404);
    expect(theirUser).toBeGreaterThan(0);
    const lyon = (await admin.get(`/api/projects/${finance}/users?subsidiary_id=1`)).statusCode;
    expect(lyon).toBe(200);
  });

  it('answers stats and breadcrumbs', async () => {
    const all = (await admin.get('/api/projects/offers/stats')).json();
    const drafts = (await admin.get('/api/projects/drafts/stats')).json();
    const favorites = (await admin.get('/api/projects/favorites/stats')).json();
    expect(all.total_offers).toBeGreaterThan(drafts.total_offers);
    expect(drafts.total_offers).toBeGreaterThan(0);
    expect(favorites.total_offers).toBeGreaterThan(0);
    expect(all.total_to_treat).toBeGreaterThan(0);
    const direct = (await manager.get('/api/projects/offers_direct_access/stats')).json();
    expect(direct.total_offers).toBe(1);
    const one = (await admin.get(`/api/projects/${siege}/stats`)).json();
    expect(one.total_offers).toBeGreaterThan(0);
    expect((await admin.get('/api/projects/weird/stats')).statusCode).toBe(422);

    const offers = (await admin.get(`/api/projects/${finance}/offers`)).json().data;
    const crumbs = (
      await admin.get(`/api/projects/${finance}/breadcrumbs?offer_id=${offers[0].id}`)
    ).json();
    expect(crumbs.map((c: { kind: string }) => c.kind)).toEqual(['project', 'project', 'offer']);
    expect(crumbs[0].name).toBe('Siège – Lyon');
    const special = (await admin.get('/api/projects/favorites/breadcrumbs')).json();
    expect(special).toEqual([{ kind: 'special', id: 'favorites', name: 'favorites', type: 2 }]);
    expect((await other.get(`/api/projects/${finance}/breadcrumbs`)).statusCode).toBe(404);
  });
  it('orders sub-projects by name as French readers expect, accents beside their letter', async () => {
    const folder = (
      await admin.post('/api/projects', { name: 'Ordre alphabétique', type: 0 })
    ).json();
    for (const name of ['Zèbre', 'école', 'Eau'])
      expect(
        (await admin.post('/api/projects', { name, type: 1, parent_id: folder.id })).statusCode,
      ).toBe(201);
    const node = (await admin.get(`/api/projects/${folder.id}/tree`)).json();
    expect(node.children.map((c: { name: string }) => c.name)).toEqual(['Eau', 'école', 'Zèbre']);
  });
});
