import { useState } from 'react';

/** A selection of list rows kept across pages, by id, with ways to change it. */
export function useRowSelection<T extends { id: number }>() {
  const [selected, setSelected] = useState<Map<number, T>>(new Map());
  const select = (rows: T[], on: boolean) => {
    const next = new Map(selected);
    for (const row of rows) {
      if (on) next.set(row.id, row);
      else next.delete(row.id);
    }
    setSelected(next);
  };
  return {
    size: selected.size,
    ids: new Set(selected.keys()),
    rows: [...selected.values()],
    select,
    clear: () => setSelected(new Map()),
  };
}
