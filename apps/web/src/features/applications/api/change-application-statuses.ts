import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBulkStatusResult } from '@embauche/contracts/applications';
import { api } from '../../../lib/api-client.ts';
import { invalidateApplicationQueries } from './change-application-status.ts';

export type BulkStatusItem = { application_id: number; status_id: number; motif_id: number | null };
export type BulkScope = 'applications' | 'spontaneous';

/**
 * `PUT /treatment/applications/statuses` (applications on offers) or `/treatment/spontaneous/statuses`
 * with a list of `{application_id, status_id, motif_id}`: each change succeeds or fails alone.
 */
export function changeApplicationStatuses(scope: BulkScope, items: BulkStatusItem[]): Promise<TBulkStatusResult> {
  return api.put<TBulkStatusResult>(`/treatment/${scope}/statuses`, items);
}

/** After the batch every application view reloads; `onChanged` refreshes the offers, tree and dashboard. */
export function useChangeApplicationStatuses(scope: BulkScope, onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: BulkStatusItem[]) => changeApplicationStatuses(scope, items),
    onSettled: async () => {
      onChanged?.();
      await invalidateApplicationQueries(queryClient);
    },
  });
}
