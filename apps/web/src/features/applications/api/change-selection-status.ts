import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApplicationSelection, TBulkOperation } from '@embauche/contracts/application-selection';
import { api } from '../../../lib/api-client.ts';
import { buildQueryString, type ListQuery } from '../../../lib/query-string.ts';
import type { BulkScope } from './change-application-statuses.ts';
import { invalidateApplicationQueries } from './change-application-status.ts';

export type SelectionStatusInput = { selection: TApplicationSelection; status_id: number; motif_id: number | null };

/**
 * A list's filters as the selection sends them: the same query parameters the list call sends
 * (`filter[statuses]=2`, or the treatment list's plain ones), page and sort left out.
 */
export function selectionFilters(query: ListQuery): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(buildQueryString({ ...query, page: null, sort: null }).slice(1)));
}

/**
 * `PUT /treatment/{scope}/statuses` with a selection ("all N that match" a list's filters, or ids):
 * a done operation (200) for a small set, a queued one (202) followed with `getBulkOperation`; 409
 * `selection_changed` (the current count in `errors.count[0]`) when the set no longer holds the count.
 */
export function changeSelectionStatus(scope: BulkScope, input: SelectionStatusInput): Promise<TBulkOperation> {
  return api.put<TBulkOperation>(`/treatment/${scope}/statuses`, input);
}

/** Every application view reloads once the operation is answered (again when it is done: see the dialog). */
export function useChangeSelectionStatus(scope: BulkScope, onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SelectionStatusInput) => changeSelectionStatus(scope, input),
    onSettled: async () => {
      onChanged?.();
      await invalidateApplicationQueries(queryClient);
    },
  });
}
