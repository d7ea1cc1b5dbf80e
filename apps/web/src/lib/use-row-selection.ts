import { useState } from 'react';

const NONE = new Map<number, never>();

/**
 * A selection of list rows kept across pages, by id, with ways to change it.
 *
 * `scope` is what the rows were chosen from: the list's search and filters (not its page or order).
 * When it changes, the selection starts again empty, so a batch action never reaches rows that the
 * new filters hide from the user.
 */
export function useRowSelection<T extends { id: number }>(scope: unknown) {
  const key = JSON.stringify(scope ?? null);
  const [state, setState] = useState<{ key: string; rows: Map<number, T> }>(() => ({ key, rows: new Map() }));
  const selected: Map<number, T> = state.key === key ? state.rows : NONE;
  const select = (rows: T[], on: boolean) => {
    const next = new Map(selected);
    for (const row of rows) {
      if (on) next.set(row.id, row);
      else next.delete(row.id);
    }
    setState({ key, rows: next });
  };
  return {
    size: selected.size,
    ids: new Set(selected.keys()),
    rows: [...selected.values()],
    select,
    clear: () => setState({ key, rows: new Map() }),
  };
}
