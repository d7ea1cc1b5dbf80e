import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import { api } from '../../../lib/api-client.ts';
import { applicationsBaseKey } from './application-query-keys.ts';

/** `GET /applications/duplicate-operations/{id}`: "add to an offer" of all that match, its progress and outcome (the user's own). */
export function getCopyOperation(id: number, signal?: AbortSignal): Promise<TBulkOperation> {
  return api.get<TBulkOperation>(`/applications/duplicate-operations/${id}`, { signal });
}

const running = (op: TBulkOperation | undefined) => op?.status === 'queued' || op?.status === 'running';

/** Read every second while the job runs, then no more. */
export function copyOperationQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...applicationsBaseKey, 'copy-operation', id] as const,
    queryFn: ({ signal }) => getCopyOperation(id, signal),
    refetchInterval: (query) => (running(query.state.data) ? 1000 : false),
  });
}

/** `initial`: the operation as the addition answered it (shown until the first read). */
export function useCopyOperation(initial: TBulkOperation) {
  return useQuery({ ...copyOperationQueryOptions(initial.id), enabled: running(initial), initialData: initial });
}
