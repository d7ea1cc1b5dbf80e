import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TOfferExportSchedulePage } from '@embauche/contracts/offer-export-schedules';
import { api } from '../../../lib/api-client.ts';
import { offerExportSchedulesKey } from './company-settings-keys.ts';

export const OFFER_EXPORT_SCHEDULES_PAGE_SIZE = 10;

/** `GET /config/offer-export-schedules?page&per_page`: the company's scheduled exports, by name. */
export function getOfferExportSchedules(page: number, signal?: AbortSignal): Promise<TOfferExportSchedulePage> {
  return api.get<TOfferExportSchedulePage>('/config/offer-export-schedules', {
    query: { page, per_page: OFFER_EXPORT_SCHEDULES_PAGE_SIZE },
    signal,
  });
}

export function offerExportSchedulesQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...offerExportSchedulesKey, page],
    queryFn: ({ signal }) => getOfferExportSchedules(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOfferExportSchedules(page: number) {
  return useQuery(offerExportSchedulesQueryOptions(page));
}
