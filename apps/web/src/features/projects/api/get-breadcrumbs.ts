import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBreadcrumb, TProjectRef } from '@embauche/contracts/projects';
import { api } from '../../../lib/api-client.ts';

export const breadcrumbsBaseKey = ['projects', 'breadcrumbs'] as const;

export function getBreadcrumbs(ref: TProjectRef, offerId?: number, signal?: AbortSignal): Promise<TBreadcrumb[]> {
  return api.get<TBreadcrumb[]>(`/projects/${encodeURIComponent(String(ref))}/breadcrumbs`, {
    signal,
    query: { offer_id: offerId },
  });
}

/** Spec 9: breadcrumbs stay fresh 5 minutes. */
export function breadcrumbsQueryOptions(ref: TProjectRef, offerId?: number) {
  return queryOptions({
    queryKey: [...breadcrumbsBaseKey, ref, offerId ?? null] as const,
    queryFn: ({ signal }) => getBreadcrumbs(ref, offerId, signal),
    staleTime: 5 * 60 * 1000,
  });
}

export function useBreadcrumbs(ref: TProjectRef, offerId?: number) {
  return useQuery(breadcrumbsQueryOptions(ref, offerId));
}
