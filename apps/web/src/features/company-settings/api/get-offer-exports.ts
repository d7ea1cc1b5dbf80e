import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOfferExportList } from '@embauche/contracts/company-settings';
import { api } from '../../../lib/api-client.ts';
import { offerExportsKey } from './company-settings-keys.ts';

/** `GET /config/joboffers/export`: the company's latest exports. */
export function getOfferExports(signal?: AbortSignal): Promise<TOfferExportList> {
  return api.get<TOfferExportList>('/config/joboffers/export', { signal });
}

export function offerExportsQueryOptions() {
  return queryOptions({
    queryKey: offerExportsKey,
    queryFn: ({ signal }) => getOfferExports(signal),
    // While an export runs, its progress is read again every second.
    refetchInterval: (query) =>
      query.state.data?.data.some((e) => e.status === 'queued' || e.status === 'running') ? 1000 : false,
  });
}

export function useOfferExports() {
  return useQuery(offerExportsQueryOptions());
}
