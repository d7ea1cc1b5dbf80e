import { SPECIAL_PROJECT_IDS, type SpecialProjectId, type TProjectNode, type TProjectRef } from '@embauche/contracts/projects';

/** Special ids whose tree lists projects; the other special ids are offer lists only. */
export const TREE_ROOTS = ['all', 'favorites'] as const;
export type TreeRoot = (typeof TREE_ROOTS)[number];

export function isSpecialId(value: string): value is SpecialProjectId {
  return (SPECIAL_PROJECT_IDS as readonly string[]).includes(value);
}

export function isTreeRoot(ref: TProjectRef | null): ref is TreeRoot {
  return ref === 'all' || ref === 'favorites';
}

/** Reads a route's `:id`: a positive integer or a special id, otherwise null. */
export function parseProjectRef(raw: string | undefined): TProjectRef | null {
  if (!raw) return null;
  if (isSpecialId(raw)) return raw;
  return /^[1-9]\d*$/.test(raw) ? Number(raw) : null;
}

export function findNode(nodes: TProjectNode[], id: number): TProjectNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

export function containsId(node: TProjectNode, id: number): boolean {
  return node.id === id || node.children.some((child) => containsId(child, id));
}
