import { useState } from 'react';

type State = { key: string; all: boolean; except: ReadonlySet<number>; count: number | null };

/**
 * "Select all N that match" (issue 42 part 2) beside a list's page selection: every row the list's
 * filters hold, on the server, but those unticked since (`except`). `total` is the list's own count;
 * after a 409 the count the server gave (`recount`) is the one confirmed next. Like the page
 * selection, it starts again when the list's filters (`scope`) change. Used by the applications'
 * lists (features/applications/hooks/use-select-all.ts) and the offer lists.
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
    /** The rows unticked in "all" mode. */
    except: [...state.except],
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
    /** The selection as the server takes it: what names the list (its filters…), the unticked rows, the count. */
    selection: <L extends object>(list: L) => ({ all: { ...list, except: [...state.except], count } }),
  };
}
