import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZGroupForm,
  ZGroupListQuery,
  type TGroup,
  type TGroupMemberPage,
  type TGroupPage,
} from '@embauche/contracts/groups';
import { groupNames } from '../src/platform/db/migrations/0020_group_names.ts';
import { apiAs, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Res = { statusCode: number; body: string; json: <T>() => T };

describe('group form and list query (contracts/groups.ts)', () => {
  const codes = (schema: typeof ZGroupForm | typeof ZGroupListQuery, input: object) => {
    const r = schema.safeParse(input);
    return r.success
      ? {}
      : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  it('answers the codes of each field', () => {
    expect(ZGroupForm.parse({ name: '  Jury  ' })).toEqual({ name: 'Jury' });
    expect(codes(ZGroupForm, {})).toEqual({ name: 'field_required' });
    expect(codes(ZGroupForm, { name: ' ' })).toEqual({ name: 'field_required' });
    expect(codes(ZGroupForm, { name: 'x'.repeat(256) })).toEqual({ name: 'max_length:255' });
    expect(ZGroupListQuery.parse({})).toMatchObject({ page: 1, sort: 'name' });
    expect(ZGroupListQuery.parse({ 'filter[search]': '' })['filter[search]']).toBeUndefined();
    expect(codes(ZGroupListQuery, { sort: 'created_at' })).toEqual({ sort: 'invalid' });
  });
});

/**
 * Issue 16 item 2 (contracts/groups.ts): groups of users, their names unique within a company,
 * their members, the audit trail, the permission and the other company.
 */
describe.each(testDatabases())('groups on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let recruiter: Api;
  let other: Api;
  let valmont: number;
  let users: Record<string, number>;
  let otherUser: number;
  let seeded: number[];

  const db = () => ctx.database.db;
  const ok = <T>(res: Res, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json<T>();
  };
  const done = (res: Res) => expect(res.statusCode, res.body).toBe(204);
  const errors = (res: Res) => {
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const create = async (name: string) => ok<TGroup>(await admin.post('/api/groups', { name }), 201);
  const members = async (id: number, query = '') =>
    ok<TGroupMemberPage>(await admin.get(`/api/groups/${id}/members${query}`));
  const audit = (action: string, id: number) =>
    db()
      .selectFrom('audit_log')
      .select(['details', 'company_id'])
      .where('action', '=', action)
      .where('target_type', '=', 'group')
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    recruiter = apiAs(ctx.app, await signIn(ctx.app, 'recruiter@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    const rows = await db().selectFrom('users').select(['id', 'email', 'company_id']).execute();
    valmont = rows.find((r) => r.email === 'admin@demo.test')!.company_id!;
    users = Object.fromEntries(
      rows.filter((r) => r.company_id === valmont).map((r) => [r.email, r.id]),
    );
    otherUser = rows.find((r) => r.email === 'admin@other.test')!.id;
    seeded = (
      await db()
        .selectFrom('user_groups')
        .select('id')
        .where('company_id', '=', valmont)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
  }, 60_000);
  afterAll(() => ctx.close());

  it('creates, lists with member counts, searches, sorts and pages', async () => {
    const a = await create('  Jury été  ');
    expect(a).toMatchObject({ name: 'Jury été', member_count: 0 });
    const b = await create('Comité Z');
    done(await admin.put(`/api/groups/${b.id}/members`, { user_ids: [users['admin@demo.test']] }));
    const page = ok<TGroupPage>(await admin.get('/api/groups?per_page=100'));
    const names = page.data.map((g) => g.name);
    expect(names).toEqual(expect.arrayContaining(['Jury été', 'Comité Z', 'Direction']));
    expect(names).toEqual(
      [...names].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())),
    );
    expect(page.data.find((g) => g.id === b.id)!.member_count).toBe(1);
    const desc = ok<TGroupPage>(await admin.get('/api/groups?sort=-name&per_page=100'));
    expect(desc.data.map((g) => g.id)).toEqual(page.data.map((g) => g.id).reverse());
    const byCount = ok<TGroupPage>(await admin.get('/api/groups?sort=-member_count&per_page=100'));
    const counts = byCount.data.map((g) => g.member_count);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    const found = ok<TGroupPage>(await admin.get('/api/groups?filter[search]=JURY'));
    expect(found.data.map((g) => g.id)).toEqual([a.id]);
    expect(ok<TGroupPage>(await admin.get('/api/groups?filter[search]=100%25')).data).toEqual([]);
    const paged = ok<TGroupPage>(await admin.get('/api/groups?per_page=1&page=2'));
    expect(paged).toMatchObject({ current_page: 2, per_page: 1, total: page.total });
    expect(paged.last_page).toBe(page.total);
    expect(paged.data).toHaveLength(1);
    expect(errors(await admin.get('/api/groups?sort=size'))).toEqual({ sort: ['invalid'] });
    expect(await audit('group.created', a.id)).toEqual([
      { details: JSON.stringify({ name: 'Jury été' }), company_id: valmont },
    ]);
  });

  it('refuses a missing, long or taken name, ignoring case, within the company only', async () => {
    expect(errors(await admin.post('/api/groups', {}))).toEqual({ name: ['field_required'] });
    expect(errors(await admin.post('/api/groups', { name: '  ' }))).toEqual({
      name: ['field_required'],
    });
    expect(errors(await admin.post('/api/groups', { name: 'x'.repeat(256) }))).toEqual({
      name: ['max_length:255'],
    });
    await create('Équipe RH');
    expect(errors(await admin.post('/api/groups', { name: 'équipe rh' }))).toEqual({
      name: ['not_unique'],
    });
    expect(errors(await admin.post('/api/groups', { name: ' DIRECTION ' }))).toEqual({
      name: ['not_unique'],
    });
    // Another company may hold the same name.
    ok(await other.post('/api/groups', { name: 'Direction' }), 201);
  });

  it('renames, keeping the name free of the others', async () => {
    const g = await create('Ancien nom');
    const renamed = ok<TGroup>(await admin.put(`/api/groups/${g.id}`, { name: 'Nouveau nom' }));
    expect(renamed).toMatchObject({ id: g.id, name: 'Nouveau nom' });
    // The same name in another case is its own name: accepted.
    ok(await admin.put(`/api/groups/${g.id}`, { name: 'NOUVEAU NOM' }));
    expect(errors(await admin.put(`/api/groups/${g.id}`, { name: 'direction' }))).toEqual({
      name: ['not_unique'],
    });
    expect(errors(await admin.put(`/api/groups/${g.id}`, { name: '' }))).toEqual({
      name: ['field_required'],
    });
    expect((await audit('group.renamed', g.id)).map((r) => JSON.parse(r.details!))).toEqual([
      { name: 'Nouveau nom', previous_name: 'Ancien nom' },
      { name: 'NOUVEAU NOM', previous_name: 'Nouveau nom' },
    ]);
  });

  it('sets the members, keeping the level of those who stay', async () => {
    const g = await create('Jury');
    const [a, b, c] = ['admin@demo.test', 'recruiter@demo.test', 'manager@demo.test'].map(
      (e) => users[e]!,
    );
    done(await admin.put(`/api/groups/${g.id}/members`, { user_ids: [a, b, b] }));
    done(await admin.put('/api/users/groups', { user_id: a, group_id: g.id, level: 1 }));
    done(await admin.put(`/api/groups/${g.id}/members`, { user_ids: [a, c] }));
    const list = await members(g.id);
    expect(list.total).toBe(2);
    expect(Object.fromEntries(list.data.map((m) => [m.id, m.level]))).toEqual({
      [String(a)]: 1,
      [String(c)]: 0,
    });
    expect(list.data[0]).toMatchObject({ email: expect.any(String), active: true });
    expect((await members(g.id, '?filter[search]=MANAGER@')).data.map((m) => m.id)).toEqual([c]);
    expect((await members(g.id, '?per_page=1&page=2')).data).toHaveLength(1);
    expect(ok<TGroup>(await admin.put(`/api/groups/${g.id}`, { name: 'Jury' })).member_count).toBe(
      2,
    );
    expect((await audit('group.members_changed', g.id)).map((r) => JSON.parse(r.details!))).toEqual(
      [
        { added: [a, b], removed: [] },
        { added: [c], removed: [b] },
      ],
    );
    // A user of another company, or nobody: refused, nothing changed.
    expect(
      errors(await admin.put(`/api/groups/${g.id}/members`, { user_ids: [a, otherUser] })),
    ).toEqual({ user_ids: ['unknown_user'] });
    expect(errors(await admin.put(`/api/groups/${g.id}/members`, { user_ids: [999999] }))).toEqual({
      user_ids: ['unknown_user'],
    });
    expect(errors(await admin.put(`/api/groups/${g.id}/members`, { user_ids: ['x'] }))).toEqual({
      'user_ids.0': ['invalid'],
    });
    expect((await members(g.id)).total).toBe(2);
    // An inactive user of the company may be a member.
    const inactive = users['multi@demo.test']!;
    await db().updateTable('users').set({ active: false }).where('id', '=', inactive).execute();
    done(await admin.put(`/api/groups/${g.id}/members`, { user_ids: [inactive] }));
    expect((await members(g.id)).data.map((m) => [m.id, m.active])).toEqual([[inactive, false]]);
    await db().updateTable('users').set({ active: true }).where('id', '=', inactive).execute();
    done(await admin.put(`/api/groups/${g.id}/members`, { user_ids: [] }));
    expect((await members(g.id)).total).toBe(0);
  });

  it('offers the company’s users, active or not, to the members dialog', async () => {
    const page = ok<{ data: { email: string; active: boolean }[]; total: number }>(
      await admin.get('/api/groups/users?per_page=100'),
    );
    const emails = page.data.map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['admin@demo.test', 'recruiter@demo.test']));
    expect(emails).not.toContain('admin@other.test');
    expect(page.total).toBe(Object.keys(users).length);
    const found = ok<{ data: { email: string }[] }>(
      await admin.get('/api/groups/users?filter[search]=julien%20mor'),
    );
    expect(found.data.map((u) => u.email)).toEqual(['recruiter@demo.test']);
    expect((await recruiter.get('/api/groups/users')).statusCode).toBe(403);
  });

  it('deletes a group with its memberships and the mentions of it, keeping the comments', async () => {
    const g = await create('Éphémère');
    done(await admin.put(`/api/groups/${g.id}/members`, { user_ids: [users['admin@demo.test']] }));
    const entry = await db()
      .selectFrom('activity_feed_entries')
      .select('id')
      .where('company_id', '=', valmont)
      .orderBy('id')
      .executeTakeFirst();
    if (entry)
      await db()
        .insertInto('activity_feed_group_mentions')
        .values({ entry_id: entry.id, group_id: g.id })
        .execute();
    done(await admin.del(`/api/groups/${g.id}`));
    expect((await admin.get(`/api/groups/${g.id}/members`)).statusCode).toBe(404);
    expect((await admin.del(`/api/groups/${g.id}`)).statusCode).toBe(404);
    const left = await db()
      .selectFrom('user_group_members')
      .select('user_id')
      .where('group_id', '=', g.id)
      .execute();
    expect(left).toEqual([]);
    const mentions = await db()
      .selectFrom('activity_feed_group_mentions')
      .select('entry_id')
      .where('group_id', '=', g.id)
      .execute();
    expect(mentions).toEqual([]);
    if (entry)
      expect(
        await db()
          .selectFrom('activity_feed_entries')
          .select('id')
          .where('id', '=', entry.id)
          .executeTakeFirst(),
      ).toBeDefined();
    expect((await audit('group.deleted', g.id)).map((r) => JSON.parse(r.details!))).toEqual([
      { name: 'Éphémère' },
    ]);
  });

  it('answers 404 for another company’s group on every route, changing nothing', async () => {
    const id = seeded[0]!;
    const before = await db().selectFrom('user_groups').selectAll().where('id', '=', id).execute();
    expect((await other.get(`/api/groups/${id}/members`)).statusCode).toBe(404);
    expect((await other.put(`/api/groups/${id}`, { name: 'Pris' })).statusCode).toBe(404);
    expect(
      (await other.put(`/api/groups/${id}/members`, { user_ids: [otherUser] })).statusCode,
    ).toBe(404);
    expect((await other.del(`/api/groups/${id}`)).statusCode).toBe(404);
    const list = ok<TGroupPage>(await other.get('/api/groups?per_page=100'));
    expect(list.data.map((g) => g.id)).not.toContain(id);
    expect(await db().selectFrom('user_groups').selectAll().where('id', '=', id).execute()).toEqual(
      before,
    );
  });

  it('needs internal.users_groups (403) and a session (401)', async () => {
    const id = seeded[0]!;
    expect((await recruiter.get('/api/groups')).statusCode).toBe(403);
    expect((await recruiter.post('/api/groups', { name: 'Non' })).statusCode).toBe(403);
    expect((await recruiter.put(`/api/groups/${id}`, { name: 'Non' })).statusCode).toBe(403);
    expect((await recruiter.get(`/api/groups/${id}/members`)).statusCode).toBe(403);
    expect((await recruiter.put(`/api/groups/${id}/members`, { user_ids: [] })).statusCode).toBe(
      403,
    );
    expect((await recruiter.del(`/api/groups/${id}`)).statusCode).toBe(403);
    expect((await apiAs(ctx.app).get('/api/groups')).statusCode).toBe(401);
  });

  it('mentions: the company’s users and groups by name, never another company’s', async () => {
    const g = await create('Mentionnables');
    const found = ok<{ users: { email: string }[]; groups: { id: number; name: string }[] }>(
      await admin.get('/api/users/mentions/mention'),
    );
    expect(found.groups.map((x) => x.id)).toEqual([g.id]);
    const all = ok<{ users: { email: string }[]; groups: { id: number }[] }>(
      await admin.get('/api/users/mentions/nofilter'),
    );
    expect(all.groups.map((x) => x.id)).toContain(g.id);
    const theirs = ok<{ users: { email: string }[]; groups: { id: number }[] }>(
      await other.get('/api/users/mentions/nofilter'),
    );
    expect(theirs.groups.map((x) => x.id)).not.toContain(g.id);
    expect(theirs.users.map((u) => u.email)).not.toContain('admin@demo.test');
  });

  it('migration 0020 makes the names held twice unique before its index', async () => {
    await sql`drop index user_groups_company_name_unique_idx`.execute(db());
    const now = new Date().toISOString();
    const ids = [];
    for (const name of ['Doublon', ' doublon ', 'DOUBLON', 'x'.repeat(255)])
      ids.push(
        (
          await db()
            .insertInto('user_groups')
            .values({ company_id: valmont, name, level: 0, created_at: now })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    ids.push(
      (
        await db()
          .insertInto('user_groups')
          .values({ company_id: valmont, name: 'X'.repeat(255), level: 0, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    await groupNames.up(db() as never, ctx.database.dialect);
    const names = await db()
      .selectFrom('user_groups')
      .select(['id', 'name'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(names.map((r) => r.name)).toEqual([
      'Doublon',
      `doublon (${ids[1]})`,
      `DOUBLON (${ids[2]})`,
      'x'.repeat(255),
      `${'X'.repeat(240)} (${ids[4]})`,
    ]);
    const again = await admin.post('/api/groups', { name: 'doublon' });
    expect(again.statusCode).toBe(422);
    await expect(
      db()
        .insertInto('user_groups')
        .values({ company_id: valmont, name: 'DOUBLON', level: 0, created_at: now })
        .execute(),
    ).rejects.toThrow();
  });
});
