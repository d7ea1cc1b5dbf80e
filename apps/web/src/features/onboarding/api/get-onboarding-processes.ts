import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOnboardingProcess } from '@embauche/contracts/onboarding';
import { api } from '../../../lib/api-client.ts';
import { onboardingProcessesKey } from './onboarding-keys.ts';

/** `GET /onboarding/processes` (`config.onboarding`): the company's processes by name, with their steps. */
export function getOnboardingProcesses(signal?: AbortSignal): Promise<TOnboardingProcess[]> {
  return api.get<TOnboardingProcess[]>('/onboarding/processes', { signal });
}

export function onboardingProcessesQueryOptions() {
  return queryOptions({
    queryKey: onboardingProcessesKey,
    queryFn: ({ signal }) => getOnboardingProcesses(signal),
  });
}

export function useOnboardingProcesses(enabled = true) {
  return useQuery({ ...onboardingProcessesQueryOptions(), enabled });
}
