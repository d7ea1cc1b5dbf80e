import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOnboardingProcess } from '@embauche/contracts/onboarding';
import { api } from '../../../lib/api-client.ts';
import { onboardingProcessKey } from './onboarding-keys.ts';

/** `GET /onboarding/processes/{id}`: one process with its ordered steps (404 for another company's). */
export function getOnboardingProcess(id: number, signal?: AbortSignal): Promise<TOnboardingProcess> {
  return api.get<TOnboardingProcess>(`/onboarding/processes/${id}`, { signal });
}

export function onboardingProcessQueryOptions(id: number) {
  return queryOptions({
    queryKey: onboardingProcessKey(id),
    queryFn: ({ signal }) => getOnboardingProcess(id, signal),
  });
}

export function useOnboardingProcess(id: number) {
  return useQuery(onboardingProcessQueryOptions(id));
}
