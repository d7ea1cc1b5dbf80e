import type { QueryClient } from '@tanstack/react-query';

export const statusSettingsKey = ['config', 'statuses'] as const;
export const workflowsKey = ['config', 'workflows'] as const;
export const workflowAssignmentsKey = ['config', 'workflow-assignments'] as const;

export function workflowAssignmentsPageKey(kind: 'project' | 'offer', search: string, page: number) {
  return [...workflowAssignmentsKey, kind, search, page] as const;
}

/**
 * What reads statuses elsewhere goes stale with any change here: the pipeline's pickers
 * (`['pipeline']`, lib/pipeline) and every application list, board and count (`['applications']`,
 * features/applications). Named by their keys rather than imported, features not importing each other.
 */
export function invalidatePipeline(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ['pipeline'] });
  void queryClient.invalidateQueries({ queryKey: ['applications'] });
}
