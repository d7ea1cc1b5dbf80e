import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import { api } from '../../../lib/api-client.ts';
import { sourcingBaseKey } from './sourcing-keys.ts';

/** `GET /recruitment-lists/bulk-operations/{id}`: "add to a list" of all that match, its progress and outcome (the user's own). */
export function getListOperation(id: number, signal?: AbortSignal): Promise<TBulkOperation> {
  return api.get<TBulkOperation>(`/recruitment-lists/bulk-operations/${id}`, { signal });
}

const running = (op: TBulkOperation | undefined) => op?.status === 'queued' || op?.status === 'running';

/** Read every second while the job runs, then no more. */
export function listOperationQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...sourcingBaseKey, 'list-operation', id] as const,
    queryFn: ({ signal }) => getListOperation(id, signal),
    refetchInterval: (query) => (running(query.state.data) ? 1000 : false),
  });
}

/** `initial`: the operation as the addition answered it (shown until the first read). */
export function useListOperation(initial: TBulkOperation) {
  return useQuery({ ...listOperationQueryOptions(initial.id), enabled: running(initial), initialData: initial });
}
