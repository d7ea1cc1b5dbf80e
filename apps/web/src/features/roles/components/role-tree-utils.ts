import type { TRole } from '@embauche/contracts/roles';

/** Each role's depth in the tree (the root is 0). */
export function roleDepths(roles: readonly TRole[]): Map<number, number> {
  const byId = new Map(roles.map((r) => [r.id, r]));
  const depths = new Map<number, number>();
  const depthOf = (role: TRole, seen = 0): number => {
    const known = depths.get(role.id);
    if (known !== undefined) return known;
    const parent = role.parent_id !== null ? byId.get(role.parent_id) : undefined;
    const depth = parent && seen < roles.length ? depthOf(parent, seen + 1) + 1 : 0;
    depths.set(role.id, depth);
    return depth;
  };
  for (const role of roles) depthOf(role);
  return depths;
}

/** The role and every role under it, however deep: where it cannot move. */
export function subtreeIds(roles: readonly TRole[], id: number): Set<number> {
  const found = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const role of roles)
      if (role.parent_id !== null && found.has(role.parent_id) && !found.has(role.id)) {
        found.add(role.id);
        grew = true;
      }
  }
  return found;
}

/** Whether two sets of permission keys hold the same keys. */
export function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((k) => set.has(k));
}
