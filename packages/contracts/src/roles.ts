/**
 * Roles and rights of a company (issue 16 item 2; spec 2 config `users/rights`, 3 "Spoofing
 * entities: role", 6). Every path is under `/api`; every route needs `internal.users_rights`.
 * Another company's role is 404 on every route.
 *
 *   GET    /api/roles → ZRole[]: the company's tree as a flat list, depth first from the root,
 *          siblings by name (then id); `user_count` counts the users holding the role.
 *   POST   /api/roles {name, parent_id} → 201 ZRole. A parent is required: a company has one
 *          root only (`parent_id: field_required`).
 *   PUT    /api/roles/{id} {name, parent_id} → 200 ZRole: rename and move. The root keeps no
 *          parent (`parent_id: root_has_no_parent`); another role needs one (`field_required`);
 *          a role cannot move under itself or one of its descendants (`parent_id: role_cycle`).
 *   DELETE /api/roles/{id} → 204. Refused with 409 `role_in_use` while users hold it (`errors`
 *          `{ users: ['role_in_use:{count}'] }`), 409 `role_has_children` while it has child roles
 *          (`{ children: ['role_has_children:{count}'] }`), 409 `role_is_root` for the root.
 *   GET    /api/roles/{id}/permissions → ZRolePermissions (catalogue order).
 *   PUT    /api/roles/{id}/permissions {permissions} → 200 ZRolePermissions: the role's whole set.
 *          A key outside the catalogue: `permissions: invalid`; `user.super_admin` (the
 *          product's own staff): `permissions: not_grantable`; removing `internal.users_rights`
 *          from the role the caller holds: `permissions: self_lockout`.
 *
 * Names: required, at most ROLE_NAME_MAX characters, unique among the role's siblings
 * (`name: not_unique`; compared without case): two branches may each have their "Assistant".
 * A change of rights takes effect on the holders' next request (the context is rebuilt from the
 * database on each). Every change is written to the audit trail (`role.*`).
 */
import { z } from 'zod';
import { ZId } from './ids.ts';
import { PERMISSIONS, PRIVILEGED_PERMISSIONS, type Permission } from './permissions.ts';

export const ROLE_NAME_MAX = 255;

export const ZRole = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  user_count: z.number().int(),
});
export type TRole = z.infer<typeof ZRole>;

export const ZRoleList = z.array(ZRole);

/** A form's empty parent (`''`) and a missing one are both "no parent" (null). */
const ZParent = z.preprocess((v) => (v === '' || v === undefined ? null : v), ZId.nullable());

export const ZRoleForm = z.object({
  name: z
    .string({ error: 'field_required' })
    .trim()
    .min(1, 'field_required')
    .max(ROLE_NAME_MAX, `max_length:${ROLE_NAME_MAX}`),
  parent_id: ZParent,
});
export type TRoleFormInput = z.input<typeof ZRoleForm>;
export type TRoleFormValues = z.output<typeof ZRoleForm>;

export const ZRolePermissionsBody = z.object({
  permissions: z.array(z.string().max(100, 'invalid')).max(PERMISSIONS.length * 2, 'invalid'),
});
export type TRolePermissionsBody = z.infer<typeof ZRolePermissionsBody>;

export const ZRolePermissions = z.object({
  role_id: z.number().int(),
  permissions: z.array(z.string()),
});
export type TRolePermissions = z.infer<typeof ZRolePermissions>;

/** The keys a company's role editor offers: the whole catalogue but the product staff's own. */
export const GRANTABLE_PERMISSIONS: readonly Permission[] = PERMISSIONS.filter(
  (p) => !PRIVILEGED_PERMISSIONS.includes(p),
);

/** The key the role editor itself needs: nobody may take it from the role they hold. */
export const RIGHTS_PERMISSION: Permission = 'internal.users_rights';

/** `project_application.see` → area `project_application`, action `see`. */
export function splitPermission(key: string): { area: string; action: string } {
  const dot = key.indexOf('.');
  return { area: key.slice(0, dot), action: key.slice(dot + 1) };
}

/** The grantable keys grouped by area, in catalogue order (the matrix's sections). */
export function permissionAreas(): { area: string; keys: Permission[] }[] {
  const areas: { area: string; keys: Permission[] }[] = [];
  for (const key of GRANTABLE_PERMISSIONS) {
    const { area } = splitPermission(key);
    let section = areas.find((a) => a.area === area);
    if (!section) areas.push((section = { area, keys: [] }));
    section.keys.push(key);
  }
  return areas;
}
