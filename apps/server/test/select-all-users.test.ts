import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUserActivationResult } from '@embauche/contracts/users';
import { newUserRow } from '../src/platform/db/new-user.ts';
import { apiAs, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

/**
 * "Select all N that match" on the users list (issue 42 part 2, docs/bulk-actions.md): 300
 * "Saisonnier" users and 40 "Hivernal" ones in the demo company, 20 "Saisonnier" in the other
 * company. Activating or deactivating all that match reaches exactly the users the list shows
 * under its filters, less the unticked ones, in the caller's company only; the id form's rules
 * hold (nobody deactivates themselves), a changed count is 409, more than the cap 422.
 */
describe.each(testDatabases())('select all users that match on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let other: Api;
  let adminId: number;
  let companyId: number;
  let seasonal: number[];
  let winter: number[];
  let foreign: number[];
  const search = { 'filter[q]': 'saisonnier' };

  const db = () => ctx.database.db;
  const insertUsers = async (companyId: number, lastname: string, n: number, tag: string) => {
    const now = new Date().toISOString();
    const rows = Array.from({ length: n }, (_, i) =>
      newUserRow(
        {
          company_id: companyId,
          role_id: null,
          subsidiary_id: null,
          firstname: `U${i}`,
          lastname,
          email: `${tag}${i}@bulk.test`,
          language: 'fr',
        },
        now,
      ),
    );
    for (let i = 0; i < rows.length; i += 100)
      await db()
        .insertInto('users')
        .values(rows.slice(i, i + 100))
        .execute();
    return (
      await db()
        .selectFrom('users')
        .select('id')
        .where('email', 'like', `${tag}%@bulk.test`)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
  };
  const inactive = async (ids: number[]) =>
    (
      await db()
        .selectFrom('users')
        .select('id')
        .where('id', 'in', ids)
        .where('active', '=', false)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
  const activation = (api: Api, body: object) => api.put('/api/users/account-activation', body);
  const result = (res: { statusCode: number; body: string; json: <T>() => T }) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TUserActivationResult>();
  };
  const reactivateAll = () =>
    db()
      .updateTable('users')
      .set({ active: true })
      .where('id', 'in', [...seasonal, ...winter, ...foreign])
      .execute();

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    const companyOf = async (email: string) =>
      db()
        .selectFrom('users')
        .select(['id', 'company_id'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
    const me = await companyOf('admin@demo.test');
    adminId = me.id;
    companyId = me.company_id;
    const them = await companyOf('admin@other.test');
    seasonal = await insertUsers(me.company_id, 'Saisonnier', 300, 'seasonal');
    winter = await insertUsers(me.company_id, 'Hivernal', 40, 'winter');
    foreign = await insertUsers(them.company_id, 'Saisonnier', 20, 'foreign');
  }, 120_000);
  afterAll(() => ctx.close());

  it('deactivates exactly the users that match, less the unticked, in the company only', async () => {
    const listed = await admin.get('/api/users?filter[q]=saisonnier&per_page=25');
    expect(listed.json<{ total: number }>().total).toBe(300);
    const except = [seasonal[3]!, seasonal[250]!];
    const done = result(
      await activation(admin, {
        selection: {
          all: { filters: { ...search, sort: '-email', page: '3' }, except, count: 298 },
        },
        active: false,
      }),
    );
    expect(done).toEqual({ total: 298, changed: 298, skipped: {} });
    expect(await inactive(seasonal)).toEqual(seasonal.filter((id) => !except.includes(id)));
    expect(await inactive(winter)).toEqual([]);
    expect(await inactive(foreign)).toEqual([]);
    // The list, filtered on the inactive ones, shows them.
    const off = await admin.get('/api/users?filter[q]=saisonnier&filter[active]=0');
    expect(off.json<{ total: number }>().total).toBe(298);

    // Again, all 300: the 298 already inactive are skipped as unchanged.
    expect(
      result(
        await activation(admin, {
          selection: { all: { filters: search, count: 300 } },
          active: false,
        }),
      ),
    ).toEqual({ total: 300, changed: 2, skipped: { unchanged: 298 } });
    // And back on, by the inactive filter.
    expect(
      result(
        await activation(admin, {
          selection: { all: { filters: { ...search, 'filter[active]': '0' }, count: 300 } },
          active: true,
        }),
      ),
    ).toEqual({ total: 300, changed: 300, skipped: {} });
    expect(await inactive(seasonal)).toEqual([]);
  });

  it('another company: its own users only, ours untouched', async () => {
    // The other company's admin sends our count: its filter holds its own 20 (409).
    const res = await activation(other, {
      selection: { all: { filters: search, count: 300 } },
      active: false,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.count).toEqual(['20']);
    // Naming our users in `except` or our role in the filters reaches nothing of ours.
    const role = (await db()
      .selectFrom('users')
      .select('role_id')
      .where('id', '=', adminId)
      .executeTakeFirstOrThrow())!.role_id!;
    const ours = await activation(other, {
      selection: { all: { filters: { 'filter[role]': String(role) }, count: 0 } },
      active: false,
    });
    expect(result(ours)).toEqual({ total: 0, changed: 0, skipped: {} });
    expect(
      result(
        await activation(other, {
          selection: { all: { filters: search, except: seasonal.slice(0, 5), count: 20 } },
          active: false,
        }),
      ),
    ).toEqual({ total: 20, changed: 20, skipped: {} });
    expect(await inactive(foreign)).toEqual(foreign);
    expect(await inactive([...seasonal, ...winter, adminId])).toEqual([]);
    await reactivateAll();
  });

  it('409 when the count changed, nothing changed; 422 over the cap or on bad filters', async () => {
    const res = await activation(admin, {
      selection: { all: { filters: search, count: 299 } },
      active: false,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ code: string }>().code).toBe('selection_changed');
    expect(res.json<{ errors: Record<string, string[]> }>().errors.count).toEqual(['300']);
    expect(await inactive(seasonal)).toEqual([]);

    const over = await activation(admin, {
      selection: { all: { filters: {}, count: 501 } },
      active: false,
    });
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json<{ errors: Record<string, string[]> }>().errors.selection).toEqual([
      'max_items:500',
    ]);
    const bad = await activation(admin, {
      selection: { all: { filters: { 'filter[role]': 'x' }, count: 0 } },
      active: false,
    });
    expect(bad.statusCode, bad.body).toBe(422);
    const both = await activation(admin, {
      user_ids: [seasonal[0]],
      selection: { all: { filters: search, count: 300 } },
      active: false,
    });
    expect(both.statusCode, both.body).toBe(422);
    expect(await inactive(seasonal)).toEqual([]);
  });

  it('nobody deactivates themselves in "all" mode: skipped with the reason', async () => {
    const me = await db()
      .selectFrom('users')
      .select(['firstname', 'lastname'])
      .where('id', '=', adminId)
      .executeTakeFirstOrThrow();
    const companyUsers = await admin.get('/api/users?per_page=1');
    const count = companyUsers.json<{ total: number }>().total;
    const filters = { 'filter[q]': `${me.firstname} ${me.lastname}` };
    const mine = await admin.get(
      `/api/users?filter[q]=${encodeURIComponent(filters['filter[q]'])}`,
    );
    const n = mine.json<{ total: number }>().total;
    expect(n).toBeGreaterThanOrEqual(1);
    const done = result(
      await activation(admin, { selection: { all: { filters, count: n } }, active: false }),
    );
    expect(done.skipped.self_deactivation).toBe(1);
    expect(done.changed).toBe(n - 1);
    expect(await inactive([adminId])).toEqual([]);
    // Still signed in.
    expect((await admin.get('/api/users?per_page=1')).json<{ total: number }>().total).toBe(count);
    await db()
      .updateTable('users')
      .set({ active: true })
      .where('company_id', '=', companyId)
      .execute();
  });

  it('the id form is unchanged', async () => {
    expect((await activation(admin, { user_ids: [winter[0]], active: false })).statusCode).toBe(
      204,
    );
    expect(await inactive(winter)).toEqual([winter[0]]);
    const missing = await activation(admin, { active: false });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ errors: Record<string, string[]> }>().errors.user_ids).toEqual([
      'field_required',
    ]);
    const self = await activation(admin, { user_ids: [adminId], active: false });
    expect(self.json<{ errors: Record<string, string[]> }>().errors.user_ids).toEqual([
      'self_deactivation',
    ]);
    const theirs = await activation(other, { user_ids: [winter[1]], active: false });
    expect(theirs.json<{ errors: Record<string, string[]> }>().errors.user_ids).toEqual([
      'unknown_user',
    ]);
    await reactivateAll();
  });

  it('exports the ticked users, or all that match less the unticked', async () => {
    const rows = (body: string) =>
      body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .slice(1);
    const all = await admin.get(
      `/api/users/export?format=csv&lang=fr&filter[q]=saisonnier&except=${seasonal[0]},${seasonal[1]},${foreign[0]}`,
    );
    expect(all.statusCode, all.body).toBe(200);
    const lines = rows(all.body);
    expect(lines).toHaveLength(298);
    expect(lines.some((l) => l.includes('seasonal0@bulk.test'))).toBe(false);
    expect(lines.some((l) => l.includes('foreign'))).toBe(false);
    const ticked = await admin.get(
      `/api/users/export?format=csv&lang=fr&ids=${seasonal[5]},${winter[0]},${foreign[0]}`,
    );
    expect(rows(ticked.body).map((l) => l.split(';')[2])).toEqual([
      'winter0@bulk.test',
      'seasonal5@bulk.test',
    ]);
  });
});
