import type { TApplicationSelectionAll } from '@embauche/contracts/application-selection';
import type { TApplicationItem } from '@embauche/contracts/applications';
import { useSelectAll as useSelectAllRows } from '../../../lib/use-select-all.ts';
import type { useRowSelection } from '../../../lib/use-row-selection.ts';

/** "Select all N that match" (lib/use-select-all.ts) whose selection names an applications list. */
export function useSelectAll(scope: unknown, total: number | undefined) {
  const all = useSelectAllRows(scope, total);
  return {
    ...all,
    /** The selection as the server takes it, with the list it comes from. */
    selection: (list: Omit<TApplicationSelectionAll, 'except' | 'count'>) => all.selection(list),
  };
}

/**
 * A list's selection with "all that match": the page's ticked rows (`rows`, kept across pages) or
 * every row the filters hold; what the table shows ticked and what a tick does, in either mode.
 */
export function useListSelection(rows: ReturnType<typeof useRowSelection<TApplicationItem>>, scope: unknown, page: { total: number; data: TApplicationItem[] } | undefined) {
  const all = useSelectAll(scope, page?.total);
  const pageIds = (page?.data ?? []).map((a) => a.id);
  return {
    all,
    /** The ticked rows the table shows. */
    ids: all.all ? new Set(pageIds.filter(all.isSelected)) : rows.ids,
    select: (changed: TApplicationItem[], on: boolean) => (all.all ? all.toggle(changed.map((r) => r.id), on) : rows.select(changed, on)),
    clear: () => {
      rows.clear();
      all.clear();
    },
    /** Something is selected (rows, or all). */
    any: rows.size > 0 || all.all,
    /** The batch bar's "Select all N that match". */
    control: { active: all.all, count: all.count, matching: all.matching, onSelectAll: () => (rows.clear(), all.selectAll()), onRecount: all.recount },
  };
}
