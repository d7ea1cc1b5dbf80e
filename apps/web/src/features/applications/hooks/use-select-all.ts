import { useState } from 'react';
import type { TApplicationSelectionAll } from '@embauche/contracts/application-selection';
import type { TApplicationItem } from '@embauche/contracts/applications';
import type { useRowSelection } from '../../../lib/use-row-selection.ts';

type State = { key: string; all: boolean; except: ReadonlySet<number>; count: number | null };

/**
 * "Select all N that match" (issue 42 part 2) beside a list's page selection: every row the list's
 * filters hold, on the server, but those unticked since (`except`). `total` is the list's own count;
 * after a 409 the count the server gave (`recount`) is the one confirmed next. Like the page
 * selection, it starts again when the list's filters (`scope`) change.
 */
export function useSelectAll(scope: unknown, total: number | undefined) {
  const key = JSON.stringify(scope ?? null);
  const empty: State = { key, all: false, except: new Set(), count: null };
  const [raw, setState] = useState<State>(empty);
  const state = raw.key === key ? raw : empty;
  const matching = state.count ?? total ?? 0;
  const count = Math.max(0, matching - state.except.size);
  return {
    all: state.all,
    /** How many are selected in "all" mode. */
    count,
    /** How many match the filters (the list's total). */
    matching,
    selectAll: () => setState({ key, all: true, except: new Set(), count: null }),
    clear: () => setState(empty),
    /** In "all" mode a row is selected unless unticked. */
    isSelected: (id: number) => state.all && !state.except.has(id),
    /** Ticks or unticks rows in "all" mode. */
    toggle: (ids: number[], on: boolean) => {
      const except = new Set(state.except);
      for (const id of ids) {
        if (on) except.delete(id);
        else except.add(id);
      }
      setState({ ...state, except });
    },
    /** The server counted another number (409, unticked rows left out): confirmed next with it. */
    recount: (n: number) => setState({ ...state, count: n + state.except.size }),
    /** The selection as the server takes it, with the list it comes from. */
    selection: (list: Omit<TApplicationSelectionAll, 'except' | 'count'>) => ({
      all: { ...list, except: [...state.except], count },
    }),
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
    control: { active: all.all, count: all.count, matching: all.matching, onSelectAll: () => (rows.clear(), all.selectAll()) },
  };
}
