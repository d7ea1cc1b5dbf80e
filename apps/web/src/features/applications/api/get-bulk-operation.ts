import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import { api } from '../../../lib/api-client.ts';
import { applicationsBaseKey } from './application-query-keys.ts';

/** `GET /applications/bulk-operations/{id}`: a bulk change's progress and outcome (the user's own). */
export function getBulkOperation(id: number, signal?: AbortSignal): Promise<TBulkOperation> {
  return api.get<TBulkOperation>(`/applications/bulk-operations/${id}`, { signal });
}

const running = (op: TBulkOperation | undefined) => op?.status === 'queued' || op?.status === 'running';

/** Read every second while the job runs, then no more. */
export function bulkOperationQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...applicationsBaseKey, 'bulk-operation', id] as const,
    queryFn: ({ signal }) => getBulkOperation(id, signal),
    refetchInterval: (query) => (running(query.state.data) ? 1000 : false),
  });
}

/** `initial`: the operation as the change answered it (shown until the first read). */
export function useBulkOperation(initial: TBulkOperation | null) {
  return useQuery({
    ...bulkOperationQueryOptions(initial?.id ?? 0),
    enabled: running(initial ?? undefined),
    ...(initial ? { initialData: initial } : {}),
  });
}
