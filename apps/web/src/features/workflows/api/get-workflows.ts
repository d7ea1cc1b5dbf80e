import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWorkflow } from '@embauche/contracts/workflows';
import { api } from '../../../lib/api-client.ts';
import { workflowsKey } from './workflow-keys.ts';

/** `GET /config/workflows`: the default first, then by name. */
export function getWorkflows(signal?: AbortSignal): Promise<TWorkflow[]> {
  return api.get<TWorkflow[]>('/config/workflows', { signal });
}

export function workflowsQueryOptions() {
  return queryOptions({ queryKey: workflowsKey, queryFn: ({ signal }) => getWorkflows(signal) });
}

export function useWorkflows() {
  return useQuery(workflowsQueryOptions());
}
