import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import type { TArchiveRequest, TOfferSelectionInput } from '@embauche/contracts/offers';
import type { TProjectRef } from '@embauche/contracts/projects';
import { api } from '../../../lib/api-client.ts';
import { buildQueryString, type ListFilter } from '../../../lib/query-string.ts';
import { invalidateOfferQueries } from './invalidate-offer-queries.ts';
import { ACTION_PATHS, type OfferAction } from './run-offer-action.ts';

/** The list's filters as the selection sends them: the query parameters the list call sends (`filter[q]=…`). */
export function offerSelectionFilters(filter: ListFilter): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(buildQueryString({ filter }).slice(1)));
}

export type SelectionActionInput = {
  projectRef: TProjectRef;
  action: OfferAction;
  selection: TOfferSelectionInput;
  archive?: TArchiveRequest;
  targetProject?: number;
};

/**
 * `PUT /projects/{id}/offers/batch/{action}` with "all that match" the list's filters (issue 42
 * part 2): the operation, done (200) or queued as a job (202); 409 `selection_changed` with the
 * current count in `errors.count[0]`.
 */
export function runSelectionAction({ projectRef, action, selection, archive, targetProject }: SelectionActionInput): Promise<TBulkOperation> {
  const body = action === 'move' ? { selection, target_project: targetProject } : action === 'archive' ? { ...archive, selection } : { selection };
  return api.put<TBulkOperation>(`/projects/${encodeURIComponent(String(projectRef))}/offers/batch/${ACTION_PATHS[action]}`, body);
}

export function useSelectionAction(onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runSelectionAction,
    onSuccess: async () => {
      await invalidateOfferQueries(queryClient);
      onChanged?.();
    },
  });
}
