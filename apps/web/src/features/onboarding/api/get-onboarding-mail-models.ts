import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMailModelPage } from '@embauche/contracts/mail-models';
import { api } from '../../../lib/api-client.ts';
import { onboardingKey } from './onboarding-keys.ts';

/** `GET /mail-models?filter[kind]=onboarding&per_page=100`: the models an e-mail step may send. */
export function getOnboardingMailModels(signal?: AbortSignal): Promise<TMailModelPage> {
  return api.get<TMailModelPage>('/mail-models', {
    signal,
    query: { per_page: 100, filter: { kind: 'onboarding' } },
  });
}

export function onboardingMailModelsQueryOptions() {
  return queryOptions({
    queryKey: [...onboardingKey, 'mail-models'] as const,
    queryFn: ({ signal }) => getOnboardingMailModels(signal),
    staleTime: 60_000,
  });
}

export function useOnboardingMailModels() {
  return useQuery(onboardingMailModelsQueryOptions());
}
