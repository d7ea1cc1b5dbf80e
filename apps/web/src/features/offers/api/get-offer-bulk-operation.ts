import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import { api } from '../../../lib/api-client.ts';

/** `GET /projects/all/offers/bulk-operations/{id}`: a batch action's progress and outcome (the user's own). */
export function getOfferBulkOperation(id: number, signal?: AbortSignal): Promise<TBulkOperation> {
  return api.get<TBulkOperation>(`/projects/all/offers/bulk-operations/${id}`, { signal });
}

const running = (op: TBulkOperation | undefined) => op?.status === 'queued' || op?.status === 'running';

/** Read every second while the job runs, then no more. */
export function offerBulkOperationQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['offers', 'bulk-operation', id] as const,
    queryFn: ({ signal }) => getOfferBulkOperation(id, signal),
    refetchInterval: (query) => (running(query.state.data) ? 1000 : false),
  });
}

/** `initial`: the operation as the action answered it (shown until the first read). */
export function useOfferBulkOperation(initial: TBulkOperation) {
  return useQuery({ ...offerBulkOperationQueryOptions(initial.id), enabled: running(initial), initialData: initial });
}
