import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCvBundleOperation } from '@embauche/contracts/applicants';
import { api } from '../../../lib/api-client.ts';
import { applicationsBaseKey } from './application-query-keys.ts';

/** `GET /applicants/bulk-operations/{id}`: a CV bundle's job, its progress and its file (the user's own). */
export function getCvBundle(id: number, signal?: AbortSignal): Promise<TCvBundleOperation> {
  return api.get<TCvBundleOperation>(`/applicants/bulk-operations/${id}`, { signal });
}

const running = (op: TCvBundleOperation | undefined) => op?.status === 'queued' || op?.status === 'running';

/** Read every second while the job runs, then no more. */
export function cvBundleQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...applicationsBaseKey, 'cv-bundle', id] as const,
    queryFn: ({ signal }) => getCvBundle(id, signal),
    refetchInterval: (query) => (running(query.state.data) ? 1000 : false),
  });
}

/** `initial`: the operation as the request answered it (shown until the first read). */
export function useCvBundle(initial: TCvBundleOperation) {
  return useQuery({ ...cvBundleQueryOptions(initial.id), enabled: running(initial), initialData: initial });
}

/** A bundle's page (`/downloads/cv-bundles/{id}`): read from its id, every second while it runs; 404 for anyone else's. */
export function useCvBundleById(id: number) {
  return useQuery(cvBundleQueryOptions(id));
}
