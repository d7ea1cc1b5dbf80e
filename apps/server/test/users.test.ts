import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZUserForm, type TUser, type TUserOption, type TUserPage } from '@embauche/contracts/users';
import { hashPassword } from '../src/platform/auth/password.ts';
import { DEMO_PASSWORD, demoUserRow } from '../src/seed/demo-seed.ts';
import { apiAs, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

describe('user form (spec 5)', () => {
  const codes = (input: object) => {
    const r = ZUserForm.safeParse({
      firstname: 'Ana',
      lastname: 'Lopez',
      email: 'ana@x.test',
      role_id: 1,
      language: 'es',
      ...input,
    });
    return r.success
      ? {}
      : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  it('answers the codes of each field', () => {
    expect(codes({})).toEqual({});
    expect(codes({ firstname: ' ' })).toEqual({ firstname: 'field_required' });
    expect(codes({ lastname: 'a'.repeat(101) })).toEqual({ lastname: 'max_length:100' });
    expect(codes({ email: '' })).toEqual({ email: 'field_required' });
    expect(codes({ email: 'nope' })).toEqual({ email: 'invalid_email' });
    expect(codes({ email: `${'a'.repeat(250)}@x.test` })).toEqual({ email: 'max_length:255' });
    expect(codes({ role_id: '' })).toEqual({ role_id: 'field_required' });
    // Left out: the company's default language (create) or the user's own (update).
    expect(codes({ language: '' })).toEqual({});
    expect(codes({ language: 'it' })).toEqual({ language: 'invalid' });
    expect(
      ZUserForm.parse({
        ...codes,
        firstname: 'a',
        lastname: 'b',
        email: ' A@X.test ',
        role_id: 1,
        language: 'fr',
      }).email,
    ).toBe('a@x.test');
  });
});

/**
 * Issue 16 item 1 (contracts/users.ts): the list's filters and sorts, validation, e-mail unique
 * within a company, deactivation, group levels, the permission and the other company.
 */
describe.each(testDatabases())('users on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let recruiter: Api;
  let other: Api;
  let adminId: number;
  let roles: { admin: number; recruiter: number; mairie: number };
  let groups: number[];
  let subsidiaries: number[];

  const db = () => ctx.database.db;
  const idOf = async (table: 'roles' | 'companies', where: [string, string]) =>
    (
      await db()
        .selectFrom(table)
        .select('id')
        .where(where[0] as never, '=', where[1] as never)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  const list = async (api: Api, query = '') => {
    const res = await api.get(`/api/users${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TUserPage>();
  };
  const errors = (res: { statusCode: number; body: string; json: <T>() => T }) => {
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const form = (extra: object = {}) => ({
    firstname: 'Inès',
    lastname: 'Zeller',
    email: 'ines.zeller@valmont.test',
    role_id: roles.recruiter,
    language: 'de',
    ...extra,
  });

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    recruiter = apiAs(ctx.app, await signIn(ctx.app, 'recruiter@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    adminId = (
      await db()
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'admin@demo.test')
        .executeTakeFirstOrThrow()
    ).id;
    const valmont = await idOf('companies', ['slug', 'groupe-valmont']);
    const mairie = await idOf('companies', ['slug', 'mairie-saint-aubin']);
    const role = async (company: number, name: string) =>
      (
        await db()
          .selectFrom('roles')
          .select('id')
          .where('company_id', '=', company)
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).id;
    roles = {
      admin: await role(valmont, 'Administrateur'),
      recruiter: await role(valmont, 'Recruteur'),
      mairie: await role(mairie, 'Administrateur'),
    };
    groups = (
      await db()
        .selectFrom('user_groups')
        .select('id')
        .where('company_id', '=', valmont)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
    subsidiaries = (
      await db()
        .selectFrom('subsidiaries')
        .select('id')
        .where('company_id', '=', valmont)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
  }, 60_000);
  afterAll(() => ctx.close());

  it('lists the company’s users only, paged, by last name by default', async () => {
    const page = await list(admin, '?per_page=2');
    expect(page).toMatchObject({ current_page: 1, per_page: 2 });
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.last_page).toBe(Math.ceil(page.total / 2));
    const all = await list(admin, '?per_page=100');
    const emails = all.data.map((u) => u.email);
    expect(emails).toContain('recruiter@demo.test');
    expect(emails).not.toContain('admin@other.test');
    const names = all.data.map((u) => u.lastname);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const mine = await list(other, '?per_page=100');
    expect(mine.data.map((u) => u.email)).not.toContain('admin@demo.test');
  });

  it('filters by name or e-mail, role, group, subsidiary and active; sorts both ways', async () => {
    expect((await list(admin, '?filter[q]=julien mor')).data.map((u) => u.email)).toEqual([
      'recruiter@demo.test',
    ]);
    expect((await list(admin, '?filter[q]=morel julien')).data).toHaveLength(1);
    // Blind to accents and case on both databases: "lea" and "LÉA" find Léa Garnier.
    for (const q of ['lea gar', 'LÉA GARNIER', 'garnier lea'])
      expect(
        (await list(admin, `?filter[q]=${encodeURIComponent(q)}`)).data.map((u) => u.email),
      ).toEqual(['multi@demo.test']);
    expect((await list(admin, '?filter[q]=MANAGER@')).data.map((u) => u.email)).toEqual([
      'manager@demo.test',
    ]);
    expect((await list(admin, '?filter[q]=100%')).data).toEqual([]);
    const byRole = await list(admin, `?filter[role]=${roles.admin}`);
    expect(byRole.data.every((u) => u.role_id === roles.admin)).toBe(true);
    expect(byRole.data.map((u) => u.email)).toContain('admin@demo.test');
    const bySub = await list(admin, `?filter[subsidiary]=${subsidiaries.join(',')}`);
    expect(bySub.data.map((u) => u.email)).toEqual(['recruiter@demo.test']);
    expect(bySub.data[0]!.subsidiary).toMatchObject({ id: subsidiaries[0], name: 'Valmont Lyon' });

    const created = await admin.post(
      '/api/users',
      form({ email: 'grouped@valmont.test', group_ids: [groups[1]] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const grouped = await list(admin, `?filter[group]=${groups[1]}`);
    expect(grouped.data.map((u) => u.email)).toEqual(['grouped@valmont.test']);
    expect(grouped.data[0]!.groups).toEqual([{ id: groups[1], name: 'Direction', level: 0 }]);

    const byEmail = (await list(admin, '?sort=email&per_page=100')).data.map((u) => u.email);
    expect(byEmail).toEqual([...byEmail].sort());
    const byEmailDesc = (await list(admin, '?sort=-email&per_page=100')).data.map((u) => u.email);
    expect(byEmailDesc).toEqual([...byEmail].reverse());
    const newest = await list(admin, '?sort=-created_at&per_page=1');
    expect(newest.data[0]!.email).toBe('grouped@valmont.test');
    // Never signed in: the oldest sign-in, last going down, first going up.
    const logins = (await list(admin, '?sort=-last_login_at&per_page=100')).data;
    expect(logins[0]!.last_login_at).not.toBeNull();
    expect(logins.at(-1)!.last_login_at).toBeNull();
    const up = (await list(admin, '?sort=last_login_at&per_page=100')).data;
    expect(up[0]!.last_login_at).toBeNull();
    expect(up.at(-1)!.last_login_at).not.toBeNull();

    expect(errors(await admin.get('/api/users?sort=password'))).toEqual({ sort: ['invalid'] });
    expect(errors(await admin.get('/api/users?filter[role]=abc'))).toEqual({
      'filter[role]': ['invalid'],
    });
    expect(errors(await admin.get('/api/users?filter[active]=maybe'))).toEqual({
      'filter[active]': ['invalid'],
    });
  });

  it('creates a user without a password, validates, keeps e-mails unique per company', async () => {
    const res = await admin.post(
      '/api/users',
      form({
        subsidiary_id: subsidiaries[1],
        group_ids: [groups[0]],
        email: ' Ines.Zeller@Valmont.test ',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const user = res.json<TUser>();
    expect(user).toMatchObject({
      email: 'ines.zeller@valmont.test',
      language: 'de',
      active: true,
      role: { id: roles.recruiter, name: 'Recruteur' },
      subsidiary: { id: subsidiaries[1], name: 'Valmont Paris' },
      groups: [{ id: groups[0], name: 'Recrutement Lyon', level: 0 }],
      last_login_at: null,
    });
    const row = await db()
      .selectFrom('users')
      .select(['password_hash', 'company_id'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    // The invitation: in the user's language, a link to choose a password that opens for a week.
    const invitation = await db()
      .selectFrom('mail_outbox')
      .select(['subject', 'text'])
      .where('to', '=', 'ines.zeller@valmont.test')
      .executeTakeFirstOrThrow();
    expect(invitation.subject).toBe('Ihr Embauche-Konto ist bereit');
    const token = /\/reset-password\?token=([\w-]+)/.exec(invitation.text)?.[1];
    const link = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/password',
      payload: { token },
    });
    expect(link.statusCode, link.body).toBe(200);
    const days =
      (Date.parse(link.json<{ expires_at: string }>().expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);

    expect(errors(await admin.post('/api/users', form()))).toEqual({ email: ['email_taken'] });
    expect(errors(await admin.post('/api/users', {}))).toMatchObject({
      firstname: ['field_required'],
      lastname: ['field_required'],
      email: ['field_required'],
      role_id: ['field_required'],
    });
    // References of another company are refused.
    const mairieGroup = await db()
      .insertInto('user_groups')
      .values({
        company_id: await idOf('companies', ['slug', 'mairie-saint-aubin']),
        name: 'Élus',
        level: 0,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(
      errors(
        await admin.post(
          '/api/users',
          form({ email: 'x@valmont.test', role_id: roles.mairie, group_ids: [mairieGroup.id] }),
        ),
      ),
    ).toEqual({ role_id: ['invalid'], group_ids: ['invalid'] });
    // The same address in another company is another account.
    const there = await other.post('/api/users', form({ role_id: roles.mairie }));
    expect(there.statusCode, there.body).toBe(201);
  });

  it('updates by PUT /users/{id} and by POST /users with an id; 404 across companies', async () => {
    const created = (
      await admin.post('/api/users', form({ email: 'to-edit@valmont.test', group_ids: groups }))
    ).json<TUser>();
    await admin.put('/api/users/groups', { user_id: created.id, group_id: groups[0], level: 1 });
    const put = await admin.put(
      `/api/users/${created.id}`,
      form({
        email: 'edited@valmont.test',
        lastname: 'Édité',
        role_id: roles.admin,
        group_ids: [groups[0]],
      }),
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<TUser>()).toMatchObject({
      email: 'edited@valmont.test',
      lastname: 'Édité',
      role_id: roles.admin,
      groups: [{ id: groups[0], level: 1 }],
    });
    const post = await admin.post('/api/users', {
      ...form({ email: 'edited@valmont.test', firstname: 'Repris' }),
      id: created.id,
    });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json<TUser>()).toMatchObject({ id: created.id, firstname: 'Repris', groups: [] });
    // Its own address is not "taken"; another's is.
    expect(
      errors(await admin.put(`/api/users/${created.id}`, form({ email: 'recruiter@demo.test' }))),
    ).toEqual({ email: ['email_taken'] });

    expect((await other.get(`/api/users/${created.id}`)).statusCode).toBe(404);
    expect(
      (await other.put(`/api/users/${created.id}`, form({ role_id: roles.mairie }))).statusCode,
    ).toBe(404);
    expect(
      (await other.post('/api/users', { ...form({ role_id: roles.mairie }), id: created.id }))
        .statusCode,
    ).toBe(404);
    expect((await admin.get(`/api/users/${created.id}`)).json<TUser>().firstname).toBe('Repris');
    expect((await admin.get('/api/users/2147483000')).statusCode).toBe(404);
  });

  it('a user created without a language gets the company default; an update without keeps it', async () => {
    const companyId = (
      await db()
        .selectFrom('users')
        .select('company_id')
        .where('id', '=', adminId)
        .executeTakeFirstOrThrow()
    ).company_id;
    await db()
      .updateTable('companies')
      .set({ default_language: 'es' })
      .where('id', '=', companyId)
      .execute();
    const created = await admin.post(
      '/api/users',
      form({ email: 'sin-idioma@valmont.test', language: undefined }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json<TUser>();
    expect(user.language).toBe('es');
    const put = await admin.put(
      `/api/users/${user.id}`,
      form({ email: 'sin-idioma@valmont.test', language: '' }),
    );
    expect(put.json<TUser>().language).toBe('es');
    expect(
      (
        await admin.put(
          `/api/users/${user.id}`,
          form({ email: 'sin-idioma@valmont.test', language: 'en' }),
        )
      ).json<TUser>().language,
    ).toBe('en');
    await db()
      .updateTable('companies')
      .set({ default_language: 'fr' })
      .where('id', '=', companyId)
      .execute();
  });

  it('sets a group level; another company’s user or group is 404', async () => {
    const user = (
      await admin.post('/api/users', form({ email: 'levels@valmont.test' }))
    ).json<TUser>();
    expect(
      (await admin.put('/api/users/groups', { user_id: user.id, group_id: groups[1], level: 1 }))
        .statusCode,
    ).toBe(204);
    expect((await admin.get(`/api/users/${user.id}`)).json<TUser>().groups).toEqual([
      { id: groups[1], name: 'Direction', level: 1 },
    ]);
    expect(
      errors(
        await admin.put('/api/users/groups', { user_id: user.id, group_id: groups[1], level: 7 }),
      ),
    ).toEqual({
      level: ['max_value:1'],
    });
    expect(
      (await other.put('/api/users/groups', { user_id: user.id, group_id: groups[1], level: 0 }))
        .statusCode,
    ).toBe(404);
  });

  it('deactivation ends the sessions at once and refuses sign-in; nobody deactivates themselves', async () => {
    const valmont = await idOf('companies', ['slug', 'groupe-valmont']);
    const row = await db()
      .insertInto('users')
      .values(
        demoUserRow(
          {
            company_id: valmont,
            role_id: roles.recruiter,
            firstname: 'Éva',
            lastname: 'Sortante',
            email: 'leaving@valmont.test',
          },
          await hashPassword(DEMO_PASSWORD),
          new Date().toISOString(),
        ),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    const leaving = apiAs(ctx.app, await signIn(ctx.app, 'leaving@valmont.test'));
    expect((await leaving.get('/api/me')).statusCode).toBe(200);
    // The session is now in the cache: deactivation must not leave it open.
    expect((await leaving.get('/api/me')).statusCode).toBe(200);

    const off = await admin.put('/api/users/account-activation', {
      user_ids: [row.id],
      active: false,
    });
    expect(off.statusCode, off.body).toBe(204);
    expect((await leaving.get('/api/me')).statusCode).toBe(401);
    const sessions = await db()
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', row.id)
      .execute();
    expect(sessions).toEqual([]);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'leaving@valmont.test', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(422);
    expect(login.json<{ errors: object }>().errors).toEqual({ email: ['invalid_credentials'] });
    expect((await admin.get(`/api/users/${row.id}`)).json<TUser>().active).toBe(false);
    expect((await list(admin, '?filter[active]=0')).data.map((u) => u.email)).toContain(
      'leaving@valmont.test',
    );
    expect((await list(admin, '?filter[active]=1')).data.map((u) => u.email)).not.toContain(
      'leaving@valmont.test',
    );
    const pickers = (await admin.get('/api/users/all')).json<TUserOption[]>();
    expect(pickers.map((u) => u.id)).not.toContain(row.id);
    expect(pickers[0]).toEqual({
      id: expect.any(Number),
      firstname: expect.any(String),
      lastname: expect.any(String),
    });

    expect(
      (await admin.put('/api/users/account-activation', { user_ids: [row.id], active: true }))
        .statusCode,
    ).toBe(204);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: 'leaving@valmont.test', password: DEMO_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);

    expect(
      errors(
        await admin.put('/api/users/account-activation', { user_ids: [adminId], active: false }),
      ),
    ).toEqual({
      user_ids: ['self_deactivation'],
    });
    expect(
      errors(
        await other.put('/api/users/account-activation', { user_ids: [row.id], active: false }),
      ),
    ).toEqual({
      user_ids: ['unknown_user'],
    });
    expect((await admin.get('/api/me')).statusCode).toBe(200);
  });

  it('answers the roles, groups and subsidiaries of the company only', async () => {
    const choices = (await admin.get('/api/users/choices')).json<{
      roles: { id: number; name: string }[];
      groups: { id: number }[];
      subsidiaries: { id: number; name: string }[];
    }>();
    expect(choices.roles.map((r) => r.name)).toEqual(['Administrateur', 'Manager', 'Recruteur']);
    expect(choices.groups.map((g) => g.id).sort()).toEqual([...groups].sort());
    expect(choices.subsidiaries.map((s) => s.name)).toEqual(['Valmont Lyon', 'Valmont Paris']);
    const theirs = (await other.get('/api/users/choices')).json<typeof choices>();
    expect(theirs.roles.map((r) => r.id)).not.toContain(roles.admin);
    expect(theirs.subsidiaries.map((s) => s.id)).not.toContain(subsidiaries[0]);
  });

  it('leaves archived subsidiaries out of the choices; a user who holds one keeps it', async () => {
    const name = 'Valmont Archivée';
    const res = await admin.post('/api/config/subsidiaries', { name, parent_id: null });
    expect(res.statusCode, res.body).toBe(201);
    const archivedId = res.json<{ id: number }>().id;
    const created = await admin.post(
      '/api/users',
      form({ email: 'archivee@valmont.test', subsidiary_id: archivedId }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json<{ id: number }>();
    const choiceNames = async () =>
      (await admin.get('/api/users/choices'))
        .json<{ subsidiaries: { name: string }[] }>()
        .subsidiaries.map((s) => s.name);
    expect(await choiceNames()).toContain(name);
    const archive = await admin.put(`/api/config/subsidiaries/${archivedId}/archive`, {
      archived: true,
    });
    expect(archive.statusCode, archive.body).toBe(200);
    expect(await choiceNames()).toEqual(['Valmont Lyon', 'Valmont Paris']);
    // The user keeps it when saved; another user may not take it.
    const kept = await admin.put(
      `/api/users/${user.id}`,
      form({ email: 'archivee@valmont.test', subsidiary_id: archivedId }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    const refused = await admin.post(
      '/api/users',
      form({ email: 'archivee2@valmont.test', subsidiary_id: archivedId }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: object }>().errors).toEqual({ subsidiary_id: ['invalid'] });
  });

  it('answers the pickers with active users of the company only', async () => {
    const mails = (await admin.get('/api/users/all-mails')).json<{ email: string }[]>();
    expect(mails.map((m) => m.email)).toContain('admin@demo.test');
    expect(mails.map((m) => m.email)).not.toContain('admin@other.test');
  });

  it('refuses every users call without internal.users_list (403)', async () => {
    for (const res of [
      await recruiter.get('/api/users'),
      await recruiter.get('/api/users/all'),
      await recruiter.get('/api/users/all-mails'),
      await recruiter.get('/api/users/choices'),
      await recruiter.get(`/api/users/${adminId}`),
      await recruiter.post('/api/users', form({ email: 'nope@valmont.test' })),
      await recruiter.put(`/api/users/${adminId}`, form()),
      await recruiter.put('/api/users/account-activation', { user_ids: [adminId], active: false }),
      await recruiter.put('/api/users/groups', { user_id: adminId, group_id: groups[0], level: 0 }),
    ])
      expect(res.statusCode).toBe(403);
  });
});
