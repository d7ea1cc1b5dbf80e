import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZSubsidiaryCreate,
  ZSubsidiaryMove,
  ZSubsidiaryUsersSet,
  type TSubsidiaryItem,
  type TSubsidiaryTree,
  type TSubsidiaryUserPage,
} from '@embauche/contracts/subsidiaries';
import { apiAs, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Subsidiary = { id: number; name: string };
type Res = { statusCode: number; body: string; json: <T>() => T };

describe('subsidiary forms (contracts/subsidiaries.ts)', () => {
  const codes = (schema: { safeParse: (v: unknown) => unknown }, input: object) => {
    const r = schema.safeParse(input) as {
      success: boolean;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
    return r.success
      ? {}
      : Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
  };
  it('answers the codes of each field', () => {
    expect(ZSubsidiaryCreate.parse({ name: '  Nord  ' })).toEqual({
      name: 'Nord',
      parent_id: null,
    });
    expect(codes(ZSubsidiaryCreate, {})).toEqual({ name: 'field_required' });
    expect(codes(ZSubsidiaryCreate, { name: ' ' })).toEqual({ name: 'field_required' });
    expect(codes(ZSubsidiaryCreate, { name: 'x'.repeat(256) })).toEqual({
      name: 'max_length:255',
    });
    expect(codes(ZSubsidiaryCreate, { name: 'a', parent_id: 0 })).toEqual({ parent_id: 'invalid' });
    expect(ZSubsidiaryMove.parse({ parent_id: null })).toEqual({ parent_id: null });
    expect(codes(ZSubsidiaryUsersSet, { user_ids: 'x' })).toEqual({ user_ids: 'invalid' });
  });
});

/**
 * Issue 17 item 4 (contracts/subsidiaries.ts): the pickers' list, the configuration page (create,
 * rename, move in a tree, archive, the mode, the users attached), the permission and the other
 * company.
 */
describe.each(testDatabases())('subsidiaries on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let manager: Api;
  let recruiter: Api;
  let other: Api;
  let users: Record<string, number>;
  let otherUser: number;

  const db = () => ctx.database.db;
  const ok = <T>(res: Res, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json<T>();
  };
  const errors = (res: Res) => {
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const create = async (name: string, parent_id: number | null = null) =>
    ok<TSubsidiaryItem>(await admin.post('/api/config/subsidiaries', { name, parent_id }), 201);
  const tree = async (api: Api = admin) =>
    ok<TSubsidiaryTree>(await api.get('/api/config/subsidiaries'));
  const picker = async (api: Api = admin) => ok<Subsidiary[]>(await api.get('/api/subsidiaries'));

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    manager = apiAs(ctx.app, await signIn(ctx.app, 'manager@demo.test'));
    recruiter = apiAs(ctx.app, await signIn(ctx.app, 'recruiter@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    const rows = await db().selectFrom('users').select(['id', 'email', 'company_id']).execute();
    const valmont = rows.find((r) => r.email === 'admin@demo.test')!.company_id;
    users = Object.fromEntries(
      rows.filter((r) => r.company_id === valmont).map((r) => [r.email, r.id]),
    );
    otherUser = rows.find((r) => r.email === 'admin@other.test')!.id;
  }, 60_000);
  afterAll(() => ctx.close());

  it("lists the company's own subsidiaries by name, to every signed-in user", async () => {
    const mine = await picker();
    expect(mine.length).toBeGreaterThanOrEqual(2);
    const names = mine.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(await picker(manager)).toEqual(mine);
    const theirs = await picker(other);
    expect(theirs.some((s) => mine.some((m) => m.id === s.id))).toBe(false);
    expect((await apiAs(ctx.app).get('/api/subsidiaries')).statusCode).toBe(401);
  });

  it("sets an offer's subsidiary and refuses another company's", async () => {
    const [first] = await picker();
    const [foreign] = await picker(other);
    const offers = (await admin.get('/api/projects/all/offers?per_page=1')).json();
    const offer = offers.data[0];
    const url = `/api/projects/${offer.project_id}/offers/${offer.id}`;
    const refused = await admin.put(url, {
      job_position: offer.job_position,
      subsidiary_id: foreign?.id ?? 999_999,
    });
    expect(errors(refused)).toEqual({ subsidiary_id: ['invalid'] });
    const saved = await admin.put(url, {
      job_position: offer.job_position,
      subsidiary_id: first!.id,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ subsidiary_id: first!.id, subsidiary_name: first!.name });
  });

  it('creates in a tree, with names unique in the company ignoring case', async () => {
    const top = await create('  Région Été  ');
    expect(top).toEqual({
      id: top.id,
      name: 'Région Été',
      parent_id: null,
      archived: false,
      user_count: 0,
    });
    const child = await create('Agence Lyon', top.id);
    expect(child.parent_id).toBe(top.id);
    const all = await tree();
    expect(all.subsidiaries.find((s) => s.id === child.id)).toEqual(child);
    expect(errors(await admin.post('/api/config/subsidiaries', { name: 'RÉGION ÉTÉ' }))).toEqual({
      name: ['not_unique'],
    });
    expect(errors(await admin.post('/api/config/subsidiaries', { name: '' }))).toEqual({
      name: ['field_required'],
    });
    expect(errors(await admin.post('/api/config/subsidiaries', { name: 'x'.repeat(256) }))).toEqual(
      { name: ['max_length:255'] },
    );
    // The same name in another company is free; its subsidiary is no parent here.
    const foreign = ok<TSubsidiaryItem>(
      await other.post('/api/config/subsidiaries', { name: 'Région Été' }),
      201,
    );
    expect(
      errors(
        await admin.post('/api/config/subsidiaries', { name: 'Sous X', parent_id: foreign.id }),
      ),
    ).toEqual({ parent_id: ['invalid'] });
    // Renamed: the same name in another case is allowed for itself, not another's name.
    expect(
      ok<TSubsidiaryItem>(
        await admin.put(`/api/config/subsidiaries/${top.id}`, { name: 'Région été' }),
      ).name,
    ).toBe('Région été');
    expect(
      errors(await admin.put(`/api/config/subsidiaries/${child.id}`, { name: 'région ÉTÉ' })),
    ).toEqual({ name: ['not_unique'] });
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'subsidiary')
      .where('target_id', '=', top.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['subsidiary.created', 'subsidiary.renamed']);
  });

  it('moves in the tree and refuses a cycle', async () => {
    const a = await create('Arbre A');
    const b = await create('Arbre B', a.id);
    const c = await create('Arbre C', b.id);
    const move = (id: number, parent_id: number | null) =>
      admin.put(`/api/config/subsidiaries/${id}/move`, { parent_id });
    expect(errors(await move(a.id, c.id))).toEqual({ parent_id: ['subsidiary_cycle'] });
    expect(errors(await move(a.id, a.id))).toEqual({ parent_id: ['subsidiary_cycle'] });
    expect(errors(await move(a.id, 999_999))).toEqual({ parent_id: ['invalid'] });
    expect(errors(await admin.put(`/api/config/subsidiaries/${a.id}/move`, {}))).toHaveProperty(
      'parent_id',
    );
    expect(ok<TSubsidiaryItem>(await move(c.id, null)).parent_id).toBeNull();
    expect(ok<TSubsidiaryItem>(await move(a.id, c.id)).parent_id).toBe(c.id);
    // Under an archived subsidiary: refused.
    ok(await admin.put(`/api/config/subsidiaries/${c.id}/archive`, { archived: true }));
    expect(errors(await move(b.id, c.id))).toEqual({ parent_id: ['parent_archived'] });
    expect(
      errors(
        await admin.post('/api/config/subsidiaries', { name: 'Sous archivée', parent_id: c.id }),
      ),
    ).toEqual({
      parent_id: ['parent_archived'],
    });
  });

  it('archives: gone from the pickers, kept by what already holds it', async () => {
    const s = await create('Filiale à archiver');
    const offers = (await admin.get('/api/projects/all/offers?per_page=2')).json();
    const [o1, o2] = offers.data;
    const url = (o: { project_id: number; id: number }) =>
      `/api/projects/${o.project_id}/offers/${o.id}`;
    ok(await admin.put(url(o1), { job_position: o1.job_position, subsidiary_id: s.id }));
    const archived = ok<TSubsidiaryItem>(
      await admin.put(`/api/config/subsidiaries/${s.id}/archive`, { archived: true }),
    );
    expect(archived.archived).toBe(true);
    expect((await picker()).map((p) => p.id)).not.toContain(s.id);
    expect((await tree()).subsidiaries.find((x) => x.id === s.id)?.archived).toBe(true);
    // The offer keeps it and may be saved with it; another offer may not take it.
    const kept = ok<{ subsidiary_id: number; subsidiary_name: string }>(
      await admin.put(url(o1), { job_position: o1.job_position, subsidiary_id: s.id }),
    );
    expect(kept).toMatchObject({ subsidiary_id: s.id, subsidiary_name: 'Filiale à archiver' });
    expect(
      errors(await admin.put(url(o2), { job_position: o2.job_position, subsidiary_id: s.id })),
    ).toEqual({
      subsidiary_id: ['invalid'],
    });
    ok(await admin.put(`/api/config/subsidiaries/${s.id}/archive`, { archived: false }));
    expect((await picker()).map((p) => p.id)).toContain(s.id);
    expect(errors(await admin.put(`/api/config/subsidiaries/${s.id}/archive`, {}))).toEqual({
      archived: ['field_required'],
    });
  });

  it('archives the whole subtree in one go; restores one at a time, never under an archived parent', async () => {
    const a = await create('Cascade A');
    const b = await create('Cascade B', a.id);
    const c = await create('Cascade C', b.id);
    const d = await create('Cascade D', a.id);
    const outside = await create('Cascade hors arbre');
    const archive = (id: number, archived: boolean) =>
      admin.put(`/api/config/subsidiaries/${id}/archive`, { archived });
    ok(await archive(d.id, true));
    ok(await archive(a.id, true));
    const archivedOf = async () =>
      Object.fromEntries((await tree()).subsidiaries.map((s) => [s.id, s.archived]));
    expect(await archivedOf()).toMatchObject({
      [a.id]: true,
      [b.id]: true,
      [c.id]: true,
      [d.id]: true,
      [outside.id]: false,
    });
    const gone = (await picker()).map((p) => p.id);
    for (const s of [a, b, c, d]) expect(gone).not.toContain(s.id);
    // One audit row per subsidiary archived by this call (D was already), those under it name A.
    const audit = await db()
      .selectFrom('audit_log')
      .select(['target_id', 'details'])
      .where('action', '=', 'subsidiary.archived')
      .where('target_id', 'in', [a.id, b.id, c.id, d.id])
      .orderBy('id')
      .execute();
    expect(
      audit.map((r) => [r.target_id, JSON.parse(String(r.details)).cascade_from ?? null]),
    ).toEqual([
      [d.id, null],
      [a.id, null],
      [b.id, a.id],
      [c.id, a.id],
    ]);
    // Restoring under an archived parent is refused; restoring the parent leaves its children.
    expect(errors(await archive(c.id, false))).toEqual({ archived: ['parent_archived'] });
    ok(await archive(a.id, false));
    expect(await archivedOf()).toMatchObject({
      [a.id]: false,
      [b.id]: true,
      [c.id]: true,
      [d.id]: true,
    });
    ok(await archive(b.id, false));
    ok(await archive(c.id, false));
    expect((await archivedOf())[c.id]).toBe(false);
    // Another company's subsidiary: 404, nothing archived.
    expect(
      (await other.put(`/api/config/subsidiaries/${a.id}/archive`, { archived: true })).statusCode,
    ).toBe(404);
    expect((await archivedOf())[a.id]).toBe(false);
  });

  it('switches the subsidiary mode, which /me carries', async () => {
    const before = (await tree()).subsidiary_mode;
    ok(await admin.put('/api/config/subsidiary-mode', { subsidiary_mode: !before }));
    expect((await tree()).subsidiary_mode).toBe(!before);
    expect(ok<{ subsidiary_mode: boolean }>(await manager.get('/api/me')).subsidiary_mode).toBe(
      !before,
    );
    ok(await admin.put('/api/config/subsidiary-mode', { subsidiary_mode: before }));
    expect(ok<{ subsidiary_mode: boolean }>(await admin.get('/api/me')).subsidiary_mode).toBe(
      before,
    );
    expect(
      errors(await admin.put('/api/config/subsidiary-mode', { subsidiary_mode: 'yes' })),
    ).toEqual({
      subsidiary_mode: ['field_required'],
    });
  });

  it('attaches users to a subsidiary', async () => {
    const s = await create('Filiale des utilisateurs');
    const t = await create('Autre filiale');
    const [a, b] = [users['recruiter@demo.test']!, users['manager@demo.test']!];
    const set = (id: number, user_ids: number[]) =>
      admin.put(`/api/config/subsidiaries/${id}/users`, { user_ids });
    expect((await set(t.id, [a])).statusCode).toBe(204);
    expect((await set(s.id, [a, b])).statusCode).toBe(204);
    const attached = ok<TSubsidiaryUserPage>(
      await admin.get(`/api/config/subsidiaries/${s.id}/users`),
    );
    expect(attached.data.map((u) => u.id).sort()).toEqual([a, b].sort());
    expect(attached.data[0]).toMatchObject({
      subsidiary_id: s.id,
      subsidiary_name: 'Filiale des utilisateurs',
    });
    // Moved from the other subsidiary; the counts follow.
    const all = (await tree()).subsidiaries;
    expect(all.find((x) => x.id === s.id)!.user_count).toBe(2);
    expect(all.find((x) => x.id === t.id)!.user_count).toBe(0);
    expect((await set(s.id, [b])).statusCode).toBe(204);
    const row = await db()
      .selectFrom('users')
      .select('subsidiary_id')
      .where('id', '=', a)
      .executeTakeFirstOrThrow();
    expect(row.subsidiary_id).toBeNull();
    const found = ok<TSubsidiaryUserPage>(
      await admin.get('/api/config/subsidiaries/users?filter[search]=manager'),
    );
    expect(found.data.map((u) => u.id)).toEqual([b]);
    expect(found.data[0]!.subsidiary_name).toBe('Filiale des utilisateurs');
    expect(errors(await set(s.id, [otherUser]))).toEqual({ user_ids: ['unknown_user'] });
    // The user form keeps an archived subsidiary the user already has.
    ok(await admin.put(`/api/config/subsidiaries/${s.id}/archive`, { archived: true }));
    const user = ok<{
      firstname: string;
      lastname: string;
      email: string;
      role_id: number;
      language: string;
      groups: { id: number }[];
    }>(await admin.get(`/api/users/${b}`));
    const form = (subsidiary_id: number) => ({
      firstname: user.firstname,
      lastname: user.lastname,
      email: user.email,
      role_id: user.role_id,
      language: user.language,
      subsidiary_id,
      group_ids: user.groups.map((g) => g.id),
    });
    ok(await admin.put(`/api/users/${b}`, form(s.id)));
    // Another user may not take it (the e-mail is `b`'s too: only the subsidiary is looked at).
    expect(errors(await admin.put(`/api/users/${a}`, form(s.id))).subsidiary_id).toEqual([
      'invalid',
    ]);
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'subsidiary')
      .where('target_id', '=', s.id)
      .execute();
    expect(audit.map((x) => x.action)).toContain('subsidiary.users_changed');
  });

  it('needs config.subsidiaries; another company gets 404', async () => {
    const s = await create('Filiale privée');
    const id = s.id;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/config/subsidiaries'],
      ['GET', '/api/config/subsidiaries/users'],
      ['POST', '/api/config/subsidiaries', { name: 'Refusée' }],
      ['PUT', `/api/config/subsidiaries/${id}`, { name: 'Refusée' }],
      ['PUT', `/api/config/subsidiaries/${id}/move`, { parent_id: null }],
      ['PUT', `/api/config/subsidiaries/${id}/archive`, { archived: true }],
      ['GET', `/api/config/subsidiaries/${id}/users`],
      ['PUT', `/api/config/subsidiaries/${id}/users`, { user_ids: [] }],
      ['PUT', '/api/config/subsidiary-mode', { subsidiary_mode: true }],
    ];
    const send = (api: Api, [method, url, body]: [string, string, unknown?]) =>
      method === 'GET'
        ? api.get(url)
        : method === 'POST'
          ? api.post(url, body)
          : api.put(url, body);
    for (const call of calls) expect((await send(recruiter, call)).statusCode, call[1]).toBe(403);
    for (const call of calls.filter(([, url]) => url.includes(`/${id}`)))
      expect((await send(other, call)).statusCode, call[1]).toBe(404);
    expect((await tree(other)).subsidiaries.map((x) => x.id)).not.toContain(id);
    expect((await tree()).subsidiaries.find((x) => x.id === id)).toEqual(s);
  });
});
