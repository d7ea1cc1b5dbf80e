import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TApplicationPage } from '@embauche/contracts/applications';
import { api } from '../../../lib/api-client.ts';
import { offerListKey, type ApplicationFilter } from './application-query-keys.ts';

export type ApplicationListParams = {
  page: number;
  /** The `next_cursor` of the page before: the rows after it, whatever moved meanwhile (docs/lists.md); `page` is then only echoed. */
  cursor?: string | null;
  perPage?: number;
  order?: string | null;
  filter: ApplicationFilter;
  /** False: the page is not counted (`count=false`: a board column, whose count the board has read; docs/lists.md). */
  counted?: boolean;
};

/**
 * `GET /projects/{project_id}/offers/{offer_id}/applications?page&filter[...]&order`: always paged
 * here (a big offer holds thousands of applications; the unpaged variant is never used).
 */
export function getApplications(projectId: number, offerId: number, params: ApplicationListParams, signal?: AbortSignal): Promise<TApplicationPage> {
  return api.get<TApplicationPage>(`/projects/${projectId}/offers/${offerId}/applications`, {
    signal,
    query: { page: params.page, cursor: params.cursor ?? undefined, per_page: params.perPage, order: params.order, filter: params.filter, count: params.counted === false ? false : undefined },
  });
}

/** Spec 9: the application list stays fresh 5 minutes. */
export function applicationsQueryOptions(projectId: number, offerId: number, params: ApplicationListParams) {
  return queryOptions({
    queryKey: [...offerListKey(projectId, offerId), params] as const,
    queryFn: ({ signal }) => getApplications(projectId, offerId, params, signal),
    staleTime: 5 * 60 * 1000,
  });
}

/** The previous page stays on screen while the next one loads. */
export function useApplications(projectId: number, offerId: number, params: ApplicationListParams, enabled = true) {
  return useQuery({ ...applicationsQueryOptions(projectId, offerId, params), placeholderData: keepPreviousData, enabled });
}
