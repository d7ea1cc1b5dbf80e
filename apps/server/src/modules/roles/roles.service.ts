import { ERROR_CODES } from '@embauche/contracts/errors';
import { PERMISSIONS, PRIVILEGED_PERMISSIONS, isPermission } from '@embauche/contracts/permissions';
import {
  GRANTABLE_PERMISSIONS,
  RIGHTS_PERMISSION,
  type TRole,
  type TRoleFormValues,
  type TRolePermissions,
  type TRolePermissionsBody,
} from '@embauche/contracts/roles';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import { nowIso } from '../../platform/db/database.ts';
import { HttpError, notFound, validationFailed } from '../../platform/http/http-error.ts';
import type { RoleRow, RolesRepository } from './roles.repository.ts';

/** The rows (sorted by name) in tree order: each role followed by its subtree, from the root. */
export function treeOrder(rows: readonly RoleRow[]): RoleRow[] {
  const children = new Map<number | null, RoleRow[]>();
  for (const row of rows) {
    const parent =
      row.parent_id !== null && rows.some((r) => r.id === row.parent_id) ? row.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const out: RoleRow[] = [];
  const walk = (parent: number | null) => {
    for (const row of children.get(parent) ?? []) {
      out.push(row);
      walk(row.id);
    }
  };
  walk(null);
  return out;
}

/** Every role under `id`, however deep. */
function descendants(rows: readonly RoleRow[], id: number): Set<number> {
  const found = new Set<number>();
  const stack = [id];
  while (stack.length) {
    const current = stack.pop()!;
    for (const row of rows)
      if (row.parent_id === current && !found.has(row.id)) {
        found.add(row.id);
        stack.push(row.id);
      }
  }
  return found;
}

const catalogueOrder = (keys: Iterable<string>) => {
  const held = new Set(keys);
  return PERMISSIONS.filter((p) => held.has(p));
};

/** Roles tree and permission matrix of the caller's company (contracts/roles.ts). */
export class RolesService {
  constructor(
    private readonly repo: RolesRepository,
    private readonly audit: Pick<AuditTrail, 'record'>,
  ) {}

  async tree(auth: AuthContext): Promise<TRole[]> {
    return treeOrder(await this.repo.list(auth.companyId));
  }

  private async role(auth: AuthContext, id: number) {
    const role = await this.repo.find(auth.companyId, id);
    if (!role) throw notFound('Role');
    return role;
  }

  private async one(auth: AuthContext, id: number): Promise<TRole> {
    const found = (await this.repo.list(auth.companyId)).find((r) => r.id === id);
    if (!found) throw notFound('Role');
    return found;
  }

  /** The name is free among the new siblings; the parent is a role of the company. */
  private async checkName(auth: AuthContext, form: TRoleFormValues, exceptId?: number) {
    if (await this.repo.siblingNamed(auth.companyId, form.parent_id, form.name, exceptId))
      throw validationFailed({ name: ['not_unique'] });
  }

  async create(auth: AuthContext, form: TRoleFormValues): Promise<TRole> {
    // One root per company: a new role always goes under another.
    if (form.parent_id === null) throw validationFailed({ parent_id: ['field_required'] });
    if (!(await this.repo.find(auth.companyId, form.parent_id)))
      throw validationFailed({ parent_id: ['invalid'] });
    await this.checkName(auth, form);
    const id = await this.repo.insert(auth.companyId, form.name, form.parent_id, nowIso());
    await this.audit.record(
      auth,
      'role.created',
      { type: 'role', id },
      {
        name: form.name,
        parent_id: form.parent_id,
      },
    );
    return this.one(auth, id);
  }

  async update(auth: AuthContext, id: number, form: TRoleFormValues): Promise<TRole> {
    const role = await this.role(auth, id);
    if (role.parent_id === null) {
      if (form.parent_id !== null) throw validationFailed({ parent_id: ['root_has_no_parent'] });
    } else {
      if (form.parent_id === null) throw validationFailed({ parent_id: ['field_required'] });
      const rows = await this.repo.list(auth.companyId);
      if (!rows.some((r) => r.id === form.parent_id))
        throw validationFailed({ parent_id: ['invalid'] });
      if (form.parent_id === id || descendants(rows, id).has(form.parent_id))
        throw validationFailed({ parent_id: ['role_cycle'] });
    }
    await this.checkName(auth, form, id);
    await this.repo.update(auth.companyId, id, form.name, form.parent_id);
    const details: Record<string, unknown> = { name: form.name };
    if (role.name !== form.name) details.previous_name = role.name;
    if (role.parent_id !== form.parent_id) {
      details.parent_id = form.parent_id;
      details.previous_parent_id = role.parent_id;
    }
    await this.audit.record(auth, 'role.updated', { type: 'role', id }, details);
    return this.one(auth, id);
  }

  async delete(auth: AuthContext, id: number): Promise<void> {
    const role = await this.role(auth, id);
    if (role.parent_id === null)
      throw new HttpError(409, 'The root role cannot be deleted.', ERROR_CODES.roleIsRoot);
    const { users, children } = await this.repo.holdersAndChildren(id);
    if (users > 0)
      throw new HttpError(409, `The role is held by ${users} user(s).`, ERROR_CODES.roleInUse, {
        users: [`role_in_use:${users}`],
      });
    if (children > 0)
      throw new HttpError(
        409,
        `The role has ${children} child role(s).`,
        ERROR_CODES.roleHasChildren,
        { children: [`role_has_children:${children}`] },
      );
    await this.repo.delete(auth.companyId, id);
    await this.audit.record(auth, 'role.deleted', { type: 'role', id }, { name: role.name });
  }

  async permissions(auth: AuthContext, id: number): Promise<TRolePermissions> {
    await this.role(auth, id);
    // The staff's own key stays out of the matrix: it is neither shown nor sent back.
    const held = new Set(await this.repo.permissions(id));
    return { role_id: id, permissions: GRANTABLE_PERMISSIONS.filter((p) => held.has(p)) };
  }

  /**
   * Saves the role's whole set. Holders get it on their next request: the request context reads
   * the role's permissions from the database every time (auth.service.ts buildContext).
   */
  async setPermissions(
    auth: AuthContext,
    id: number,
    body: TRolePermissionsBody,
  ): Promise<TRolePermissions> {
    await this.role(auth, id);
    const wanted = new Set(body.permissions);
    if ([...wanted].some((p) => !isPermission(p)))
      throw validationFailed({ permissions: ['invalid'] });
    if ([...wanted].some((p) => (PRIVILEGED_PERMISSIONS as readonly string[]).includes(p)))
      throw validationFailed({ permissions: ['not_grantable'] });
    if (id === auth.roleId && !wanted.has(RIGHTS_PERMISSION))
      throw validationFailed({ permissions: ['self_lockout'] });
    const current = new Set(await this.repo.permissions(id));
    const added = catalogueOrder([...wanted].filter((p) => !current.has(p)));
    // Keys the catalogue no longer knows go too; `user.super_admin` is never a role's to lose here.
    const removed = [...current].filter(
      (p) => !wanted.has(p) && !(PRIVILEGED_PERMISSIONS as readonly string[]).includes(p),
    );
    if (added.length || removed.length) {
      await this.repo.changePermissions(id, added, removed);
      await this.audit.record(
        auth,
        'role.permissions_changed',
        { type: 'role', id },
        {
          added,
          removed,
        },
      );
    }
    return this.permissions(auth, id);
  }
}
