import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZRoleForm, type TRole, type TRolePermissions } from '@embauche/contracts/roles';
import { apiAs, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

describe('role form', () => {
  const codes = (input: object) => {
    const r = ZRoleForm.safeParse({ name: 'Assistant', parent_id: 1, ...input });
    return r.success
      ? {}
      : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  it('answers the codes of each field', () => {
    expect(codes({})).toEqual({});
    expect(codes({ name: '  ' })).toEqual({ name: 'field_required' });
    expect(codes({ name: 'a'.repeat(256) })).toEqual({ name: 'max_length:255' });
    expect(codes({ parent_id: 0 })).toEqual({ parent_id: 'invalid' });
    expect(ZRoleForm.parse({ name: ' A ', parent_id: '' })).toEqual({ name: 'A', parent_id: null });
  });
});

/**
 * Issue 16 item 2 (contracts/roles.ts): the roles tree (create, rename, move, delete), the
 * permission matrix, the next request of the holders, the audit trail, the other company.
 */
describe.each(testDatabases())('roles and rights on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let recruiter: Api;
  let other: Api;
  let roles: { admin: number; recruiter: number; manager: number; mairie: number };

  const db = () => ctx.database.db;
  const tree = async (api: Api = admin) => {
    const res = await api.get('/api/roles');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TRole[]>();
  };
  const errors = (res: { statusCode: number; body: string; json: <T>() => T }) => {
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const create = async (name: string, parent_id: number) => {
    const res = await admin.post('/api/roles', { name, parent_id });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<TRole>();
  };
  const permissionsOf = async (id: number) =>
    (await admin.get(`/api/roles/${id}/permissions`)).json<TRolePermissions>().permissions;
  const lastAudit = () =>
    db()
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id', 'details'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    recruiter = apiAs(ctx.app, await signIn(ctx.app, 'recruiter@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    const role = async (slug: string, name: string) =>
      (
        await db()
          .selectFrom('roles')
          .innerJoin('companies', 'companies.id', 'roles.company_id')
          .select('roles.id')
          .where('companies.slug', '=', slug)
          .where('roles.name', '=', name)
          .executeTakeFirstOrThrow()
      ).id;
    roles = {
      admin: await role('groupe-valmont', 'Administrateur'),
      recruiter: await role('groupe-valmont', 'Recruteur'),
      manager: await role('groupe-valmont', 'Manager'),
      mairie: await role('mairie-saint-aubin', 'Administrateur'),
    };
  }, 60_000);
  afterAll(() => ctx.close());

  it('lists the company’s tree from its root, children by name, with their holders', async () => {
    const list = await tree();
    expect(list[0]).toMatchObject({ id: roles.admin, parent_id: null });
    expect(list.filter((r) => r.parent_id === null)).toHaveLength(1);
    expect(list.map((r) => r.id)).not.toContain(roles.mairie);
    const recruiterRole = list.find((r) => r.id === roles.recruiter)!;
    expect(recruiterRole.parent_id).toBe(roles.admin);
    expect(recruiterRole.user_count).toBeGreaterThanOrEqual(1);
    // Depth first: every role comes after its parent.
    list.forEach((r, i) => {
      if (r.parent_id !== null) expect(list.findIndex((p) => p.id === r.parent_id)).toBeLessThan(i);
    });
  });

  it('creates, renames and moves roles; siblings keep distinct names', async () => {
    const b = await create('Zeta', roles.admin);
    const a = await create('Alpha', roles.admin);
    expect(a).toMatchObject({ name: 'Alpha', parent_id: roles.admin, user_count: 0 });
    expect((await lastAudit()).action).toBe('role.created');
    const children = (await tree()).filter((r) => r.parent_id === roles.admin).map((r) => r.name);
    expect(children).toEqual([...children].sort((x, y) => x.localeCompare(y)));

    expect(
      errors(await admin.post('/api/roles', { name: 'alpha', parent_id: roles.admin })),
    ).toEqual({ name: ['not_unique'] });
    // The same name elsewhere in the tree is fine.
    const nested = await create('Alpha', b.id);
    expect(errors(await admin.post('/api/roles', { name: 'Root 2', parent_id: null }))).toEqual({
      parent_id: ['field_required'],
    });
    expect(errors(await admin.post('/api/roles', { name: '', parent_id: roles.admin }))).toEqual({
      name: ['field_required'],
    });
    expect(errors(await admin.post('/api/roles', { name: 'X', parent_id: roles.mairie }))).toEqual({
      parent_id: ['invalid'],
    });

    const renamed = await admin.put(`/api/roles/${a.id}`, { name: 'Assistant', parent_id: b.id });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Assistant', parent_id: b.id });
    const entry = await lastAudit();
    expect(entry).toMatchObject({ action: 'role.updated', target_type: 'role', target_id: a.id });
    expect(JSON.parse(entry.details!)).toMatchObject({
      name: 'Assistant',
      previous_name: 'Alpha',
      parent_id: b.id,
      previous_parent_id: roles.admin,
    });
    // Moving next to a sibling of the same name is refused.
    expect(
      errors(await admin.put(`/api/roles/${nested.id}`, { name: 'Assistant', parent_id: b.id })),
    ).toEqual({ name: ['not_unique'] });
  });

  it('refuses moving a role under itself or its descendants, and any second root', async () => {
    const top = await create('Cycle top', roles.admin);
    const mid = await create('Cycle mid', top.id);
    const low = await create('Cycle low', mid.id);
    for (const parent of [top.id, mid.id, low.id])
      expect(
        errors(await admin.put(`/api/roles/${top.id}`, { name: 'Cycle top', parent_id: parent })),
      ).toEqual({ parent_id: ['role_cycle'] });
    expect(
      errors(await admin.put(`/api/roles/${top.id}`, { name: 'Cycle top', parent_id: null })),
    ).toEqual({ parent_id: ['field_required'] });
    expect(
      errors(
        await admin.put(`/api/roles/${roles.admin}`, { name: 'Administrateur', parent_id: top.id }),
      ),
    ).toEqual({ parent_id: ['root_has_no_parent'] });
    const root = await admin.put(`/api/roles/${roles.admin}`, {
      name: 'Administrateur',
      parent_id: null,
    });
    expect(root.statusCode, root.body).toBe(200);
    // Moving a subtree up is fine.
    const up = await admin.put(`/api/roles/${low.id}`, { name: 'Cycle low', parent_id: top.id });
    expect(up.statusCode, up.body).toBe(200);
  });

  it('deletes a role nobody holds; refuses one in use (with the count), with children, or the root', async () => {
    const parent = await create('To delete', roles.admin);
    const child = await create('Child', parent.id);
    const withChildren = await admin.del(`/api/roles/${parent.id}`);
    expect(withChildren.statusCode).toBe(409);
    expect(withChildren.json()).toMatchObject({
      code: 'role_has_children',
      errors: { children: ['role_has_children:1'] },
    });

    const holders = (await tree()).find((r) => r.id === roles.recruiter)!.user_count;
    const inUse = await admin.del(`/api/roles/${roles.recruiter}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({
      code: 'role_in_use',
      errors: { users: [`role_in_use:${holders}`] },
    });
    const root = await admin.del(`/api/roles/${roles.admin}`);
    expect(root.statusCode).toBe(409);
    expect(root.json()).toMatchObject({ code: 'role_is_root' });

    await admin.put(`/api/roles/${child.id}/permissions`, { permissions: ['project.list'] });
    expect((await admin.del(`/api/roles/${child.id}`)).statusCode).toBe(204);
    expect(await lastAudit()).toMatchObject({ action: 'role.deleted', target_id: child.id });
    expect((await admin.del(`/api/roles/${parent.id}`)).statusCode).toBe(204);
    expect((await tree()).map((r) => r.id)).not.toContain(parent.id);
    expect((await admin.get(`/api/roles/${child.id}/permissions`)).statusCode).toBe(404);
  });

  it('saves the matrix: catalogue keys only, never user.super_admin, audited with what changed', async () => {
    const role = await create('Matrix', roles.admin);
    expect(await permissionsOf(role.id)).toEqual([]);
    const saved = await admin.put(`/api/roles/${role.id}/permissions`, {
      permissions: ['project_application.see', 'project.list', 'project.list'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Catalogue order, no duplicates.
    expect(saved.json<TRolePermissions>().permissions).toEqual([
      'project.list',
      'project_application.see',
    ]);
    await admin.put(`/api/roles/${role.id}/permissions`, {
      permissions: ['project.list', 'config.access'],
    });
    expect(await permissionsOf(role.id)).toEqual(['project.list', 'config.access']);
    const entry = await lastAudit();
    expect(entry).toMatchObject({ action: 'role.permissions_changed', target_id: role.id });
    expect(JSON.parse(entry.details!)).toEqual({
      added: ['config.access'],
      removed: ['project_application.see'],
    });

    expect(
      errors(await admin.put(`/api/roles/${role.id}/permissions`, { permissions: ['nope.nope'] })),
    ).toEqual({ permissions: ['invalid'] });
    expect(
      errors(
        await admin.put(`/api/roles/${role.id}/permissions`, { permissions: ['user.super_admin'] }),
      ),
    ).toEqual({ permissions: ['not_grantable'] });
    expect(await permissionsOf(role.id)).toEqual(['project.list', 'config.access']);
  });

  it('refuses taking the rights editor away from the role the caller holds', async () => {
    const mine = await permissionsOf(roles.admin);
    expect(mine).toContain('internal.users_rights');
    expect(
      errors(
        await admin.put(`/api/roles/${roles.admin}/permissions`, {
          permissions: mine.filter((p) => p !== 'internal.users_rights'),
        }),
      ),
    ).toEqual({ permissions: ['self_lockout'] });
    expect(await permissionsOf(roles.admin)).toEqual(mine);
  });

  it('a change reaches the holders on their next request', async () => {
    const before = await permissionsOf(roles.recruiter);
    expect(before).not.toContain('config.activity_logs');
    expect((await recruiter.get('/api/activity-logs')).statusCode).toBe(403);
    const granted = await admin.put(`/api/roles/${roles.recruiter}/permissions`, {
      permissions: [...before, 'config.access', 'config.activity_logs'],
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await recruiter.get('/api/activity-logs')).statusCode).toBe(200);
    expect((await recruiter.get('/api/permissions/me')).json()).toContain('config.access');
    await admin.put(`/api/roles/${roles.recruiter}/permissions`, { permissions: before });
    expect((await recruiter.get('/api/activity-logs')).statusCode).toBe(403);
  });

  it('another company’s role is not found on every route; nothing changes', async () => {
    const id = roles.manager;
    const before = await permissionsOf(id);
    for (const res of [
      await other.get(`/api/roles/${id}/permissions`),
      await other.put(`/api/roles/${id}/permissions`, { permissions: ['project.list'] }),
      await other.put(`/api/roles/${id}`, { name: 'Pirate', parent_id: roles.mairie }),
      await other.del(`/api/roles/${id}`),
    ])
      expect(res.statusCode, res.body).toBe(404);
    expect((await tree(other)).map((r) => r.id)).not.toContain(id);
    expect(await permissionsOf(id)).toEqual(before);
    expect((await tree()).find((r) => r.id === id)?.name).toBe('Manager');
  });

  it('a user without internal.users_rights is refused every route', async () => {
    const id = roles.manager;
    for (const res of [
      await recruiter.get('/api/roles'),
      await recruiter.post('/api/roles', { name: 'X', parent_id: id }),
      await recruiter.put(`/api/roles/${id}`, { name: 'X', parent_id: roles.recruiter }),
      await recruiter.del(`/api/roles/${id}`),
      await recruiter.get(`/api/roles/${id}/permissions`),
      await recruiter.put(`/api/roles/${id}/permissions`, { permissions: [] }),
    ])
      expect(res.statusCode, res.body).toBe(403);
  });
});
