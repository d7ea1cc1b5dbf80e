import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TWorkflowAssignmentPage } from '@embauche/contracts/workflows';
import { api } from '../../../lib/api-client.ts';
import { workflowAssignmentsPageKey } from './workflow-keys.ts';

export const WORKFLOW_ASSIGNMENTS_PAGE_SIZE = 20;

export type WorkflowTargetKind = 'project' | 'offer';

/**
 * `GET /config/workflow-assignments?kind&filter[search]&page&per_page`: one page of the company's
 * projects or open offers with their chosen workflow.
 */
export function getWorkflowAssignments(
  kind: WorkflowTargetKind,
  search: string,
  page: number,
  signal?: AbortSignal,
): Promise<TWorkflowAssignmentPage> {
  return api.get<TWorkflowAssignmentPage>('/config/workflow-assignments', {
    query: { kind, page, per_page: WORKFLOW_ASSIGNMENTS_PAGE_SIZE, filter: { search: search || null } },
    signal,
  });
}

export function workflowAssignmentsQueryOptions(kind: WorkflowTargetKind, search: string, page: number) {
  return queryOptions({
    queryKey: workflowAssignmentsPageKey(kind, search, page),
    queryFn: ({ signal }) => getWorkflowAssignments(kind, search, page, signal),
    // The page stays on screen (dimmed) while the next search or page loads.
    placeholderData: keepPreviousData,
  });
}

export function useWorkflowAssignments(kind: WorkflowTargetKind, search: string, page: number) {
  return useQuery(workflowAssignmentsQueryOptions(kind, search, page));
}
