import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import { api } from '../../../lib/api-client.ts';
import { recruitmentListsBaseKey } from './recruitment-list-keys.ts';

/** `GET /recruitment-lists/bulk-operations/{id}`: an addition or removal of "all that match", its progress and outcome (the user's own). */
export function getListBulkOperation(id: number, signal?: AbortSignal): Promise<TBulkOperation> {
  return api.get<TBulkOperation>(`/recruitment-lists/bulk-operations/${id}`, { signal });
}

const running = (op: TBulkOperation | undefined) => op?.status === 'queued' || op?.status === 'running';

/** Read every second while the job runs, then no more. */
export function listBulkOperationQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...recruitmentListsBaseKey, 'bulk-operation', id] as const,
    queryFn: ({ signal }) => getListBulkOperation(id, signal),
    refetchInterval: (query) => (running(query.state.data) ? 1000 : false),
  });
}

/** `initial`: the operation as the removal answered it (shown until the first read). */
export function useListBulkOperation(initial: TBulkOperation) {
  return useQuery({ ...listBulkOperationQueryOptions(initial.id), enabled: running(initial), initialData: initial });
}
