import { describe, expect, it } from 'vitest';
import { buildSubsidiaryForest, flattenForest, selfAndDescendants } from './subsidiary-tree.ts';

const item = (id: number, name: string, parent_id: number | null) => ({ id, name, parent_id, archived: false, user_count: 0 });

describe('subsidiary tree', () => {
  const items = [item(1, 'A', null), item(2, 'B', 1), item(3, 'C', 2), item(4, 'D', null), item(5, 'E', 99)];
  it('puts children under their parent; an unknown parent makes a root', () => {
    const forest = buildSubsidiaryForest(items);
    expect(forest.map((n) => n.name)).toEqual(['A', 'D', 'E']);
    expect(flattenForest(forest).map((n) => [n.name, n.depth])).toEqual([
      ['A', 0],
      ['B', 1],
      ['C', 2],
      ['D', 0],
      ['E', 0],
    ]);
  });
  it('finds where a subsidiary may not move', () => {
    expect([...selfAndDescendants(items, 1)].sort()).toEqual([1, 2, 3]);
    expect([...selfAndDescendants(items, 4)]).toEqual([4]);
  });
});
