import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOfferTemplateChoices } from '@embauche/contracts/offer-settings';
import { api } from '../../../lib/api-client.ts';

/** Also named by the templates config page (features/offer-settings), which refreshes it. */
export const offerTemplateChoicesKey = ['offers', 'template-choices'] as const;

/** `GET /offer-templates/choices`: the company's templates (by name, with their fields) a new offer may start from. */
export function getOfferTemplateChoices(signal?: AbortSignal): Promise<TOfferTemplateChoices> {
  return api.get<TOfferTemplateChoices>('/offer-templates/choices', { signal });
}

export function offerTemplateChoicesQueryOptions() {
  return queryOptions({
    queryKey: offerTemplateChoicesKey,
    queryFn: ({ signal }) => getOfferTemplateChoices(signal),
    staleTime: 60_000,
  });
}

export function useOfferTemplateChoices() {
  return useQuery(offerTemplateChoicesQueryOptions());
}
