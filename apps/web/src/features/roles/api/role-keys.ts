export const rolesBaseKey = ['roles'] as const;
export const rolesTreeKey = [...rolesBaseKey, 'tree'] as const;

export function rolePermissionsKey(roleId: number) {
  return [...rolesBaseKey, 'permissions', roleId] as const;
}
