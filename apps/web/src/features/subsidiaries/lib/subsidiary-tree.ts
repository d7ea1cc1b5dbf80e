import type { TSubsidiaryItem } from '@embauche/contracts/subsidiaries';

export type SubsidiaryNode = TSubsidiaryItem & { children: SubsidiaryNode[]; depth: number };

/** The flat list (by name) as a forest: children under their parent, each level by name. */
export function buildSubsidiaryForest(items: TSubsidiaryItem[]): SubsidiaryNode[] {
  const nodes = new Map(items.map((s) => [s.id, { ...s, children: [] as SubsidiaryNode[], depth: 0 }]));
  const roots: SubsidiaryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const setDepth = (list: SubsidiaryNode[], depth: number) => {
    for (const node of list) {
      node.depth = depth;
      setDepth(node.children, depth + 1);
    }
  };
  setDepth(roots, 0);
  return roots;
}

/** The subsidiary and every subsidiary under it: where it may not move. */
export function selfAndDescendants(items: TSubsidiaryItem[], id: number): Set<number> {
  const found = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const s of items)
      if (s.parent_id !== null && found.has(s.parent_id) && !found.has(s.id)) {
        found.add(s.id);
        grew = true;
      }
  }
  return found;
}

/** Every subsidiary in tree order (depth first), for a parent picker that shows the depth. */
export function flattenForest(roots: SubsidiaryNode[]): SubsidiaryNode[] {
  return roots.flatMap((node) => [node, ...flattenForest(node.children)]);
}
