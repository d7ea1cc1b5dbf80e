import { useState } from 'react';
import type { TApplicationItem } from '@embauche/contracts/applications';

/** A selection of applications kept across pages: rows by id, their applicants, and ways to change it. */
export function useApplicationSelection() {
  const [selected, setSelected] = useState<Map<number, TApplicationItem>>(new Map());
  const select = (rows: TApplicationItem[], on: boolean) => {
    const next = new Map(selected);
    for (const row of rows) {
      if (on) next.set(row.id, row);
      else next.delete(row.id);
    }
    setSelected(next);
  };
  const chosen = [...selected.values()];
  return {
    size: selected.size,
    ids: new Set(selected.keys()),
    chosen,
    applicantIds: [...new Set(chosen.map((a) => a.applicant_id))],
    select,
    clear: () => setSelected(new Map()),
  };
}
