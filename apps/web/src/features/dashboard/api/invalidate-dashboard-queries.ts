import type { QueryClient } from '@tanstack/react-query';
import { dashboardBaseKey } from './get-dashboard-offers.ts';

/** After an offer changes elsewhere, the dashboard blocks reload. */
export function invalidateDashboardQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: dashboardBaseKey });
}
