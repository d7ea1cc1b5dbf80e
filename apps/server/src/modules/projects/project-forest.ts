/** A company's projects as rows; the tree is rebuilt in memory (hundreds of rows, one query). */
export type ProjectRow = {
  id: number;
  parent_id: number | null;
  name: string;
  type: number;
  subsidiary_id: number | null;
  /** Application settings: applicants may join documents, their motivation is shown. */
  documents_enabled: boolean;
  created_at: string;
  updated_at: string;
};

/** Projects by name as French readers expect ("École" beside "Ecole", not after "Zoo"), then by id. */
const byName = new Intl.Collator('fr');
export function compareProjects(a: ProjectRow, b: ProjectRow): number {
  return byName.compare(a.name, b.name) || a.id - b.id;
}

/**
 * Navigation over one company's project tree: children, subtrees, ancestors. `byId` and each
 * project's children are in compareProjects order.
 */
export class ProjectForest {
  readonly byId = new Map<number, ProjectRow>();
  readonly #children = new Map<number | null, ProjectRow[]>();

  constructor(unordered: readonly ProjectRow[]) {
    const rows = [...unordered].sort(compareProjects);
    for (const row of rows) this.byId.set(row.id, row);
    for (const row of rows) {
      // A parent outside the list (never expected) makes the row a top-level one.
      const parent = row.parent_id !== null && this.byId.has(row.parent_id) ? row.parent_id : null;
      const list = this.#children.get(parent);
      if (list) list.push(row);
      else this.#children.set(parent, [row]);
    }
  }

  childrenOf(id: number | null): ProjectRow[] {
    return this.#children.get(id) ?? [];
  }

  /** The project and every project below it. */
  subtree(id: number): number[] {
    const ids: number[] = [];
    const stack = [id];
    while (stack.length) {
      const current = stack.pop()!;
      ids.push(current);
      for (const child of this.childrenOf(current)) stack.push(child.id);
    }
    return ids;
  }

  /** From the top-level project down to the project itself. */
  path(id: number): ProjectRow[] {
    const path: ProjectRow[] = [];
    const seen = new Set<number>();
    let current = this.byId.get(id);
    while (current && !seen.has(current.id)) {
      seen.add(current.id);
      path.unshift(current);
      current = current.parent_id === null ? undefined : this.byId.get(current.parent_id);
    }
    return path;
  }

  /** Sums a per-project number over each project's subtree, memoised. */
  subtreeTotals(direct: ReadonlyMap<number, number>): (id: number) => number {
    const memo = new Map<number, number>();
    const total = (id: number): number => {
      const known = memo.get(id);
      if (known !== undefined) return known;
      let sum = direct.get(id) ?? 0;
      for (const child of this.childrenOf(id)) sum += total(child.id);
      memo.set(id, sum);
      return sum;
    };
    return total;
  }
}
