import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOfferExportRecipients } from '@embauche/contracts/offer-export-schedules';
import { api } from '../../../lib/api-client.ts';
import { offerExportRecipientsKey } from './company-settings-keys.ts';

/** `GET /config/offer-export-schedules/recipients`: who may receive a scheduled export. */
export function getOfferExportRecipients(signal?: AbortSignal): Promise<TOfferExportRecipients> {
  return api.get<TOfferExportRecipients>('/config/offer-export-schedules/recipients', { signal });
}

export function offerExportRecipientsQueryOptions() {
  return queryOptions({
    queryKey: offerExportRecipientsKey,
    queryFn: ({ signal }) => getOfferExportRecipients(signal),
    staleTime: 60 * 1000,
  });
}

export function useOfferExportRecipients() {
  return useQuery(offerExportRecipientsQueryOptions());
}
