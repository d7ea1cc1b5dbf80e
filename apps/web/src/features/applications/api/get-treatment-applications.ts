import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TApplicationPage } from '@embauche/contracts/applications';
import { api } from '../../../lib/api-client.ts';
import type { FilterValue } from '../../../lib/query-string.ts';
import { treatmentBaseKey } from './application-query-keys.ts';

export type TreatmentKind = 'applications' | 'spontaneous';
export type TreatmentParams = { page: number; sort: string | null; filters: Record<string, FilterValue> };

/**
 * `GET /treatment/applications` (on offers) or `/treatment/spontaneous`, the filters of spec 2
 * "Treatment lists" sent as plain query parameters. Without `statuses` only applications to treat show.
 */
export function getTreatmentApplications(kind: TreatmentKind, params: TreatmentParams, signal?: AbortSignal): Promise<TApplicationPage> {
  return api.get<TApplicationPage>(`/treatment/${kind}`, { signal, query: { ...params.filters, sort: params.sort, page: params.page } });
}

export function treatmentApplicationsQueryOptions(kind: TreatmentKind, params: TreatmentParams) {
  return queryOptions({
    queryKey: [...treatmentBaseKey, kind, params] as const,
    queryFn: ({ signal }) => getTreatmentApplications(kind, params, signal),
    staleTime: 5 * 60 * 1000,
  });
}

export function useTreatmentApplications(kind: TreatmentKind, params: TreatmentParams) {
  return useQuery({ ...treatmentApplicationsQueryOptions(kind, params), placeholderData: keepPreviousData });
}
