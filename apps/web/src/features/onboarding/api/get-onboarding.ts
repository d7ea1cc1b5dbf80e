import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOnboarding } from '@embauche/contracts/onboarding';
import { api } from '../../../lib/api-client.ts';
import { onboardingDetailKey } from './onboarding-keys.ts';

/** `GET /onboardings/{id}`: the new hire's onboarding; `limited` for a task owner without onboarding.access. */
export function getOnboarding(id: number, signal?: AbortSignal): Promise<TOnboarding> {
  return api.get<TOnboarding>(`/onboardings/${id}`, { signal });
}

export function onboardingQueryOptions(id: number) {
  return queryOptions({
    queryKey: onboardingDetailKey(id),
    queryFn: ({ signal }) => getOnboarding(id, signal),
  });
}

export function useOnboarding(id: number) {
  return useQuery(onboardingQueryOptions(id));
}
