import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateDashboardQueries } from '../../features/dashboard/api/invalidate-dashboard-queries.ts';
import { invalidateProjectQueries } from '../../features/projects/api/invalidate-project-queries.ts';

/** After an offer changes: the tree counts, shortcut counts, breadcrumbs and dashboard blocks reload. */
export function useOfferViewsRefresh(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void invalidateProjectQueries(queryClient);
    void invalidateDashboardQueries(queryClient);
  }, [queryClient]);
}
