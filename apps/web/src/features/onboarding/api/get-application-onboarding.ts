import { queryOptions } from '@tanstack/react-query';
import type { TApplicationOnboarding } from '@embauche/contracts/onboarding';
import { api } from '../../../lib/api-client.ts';
import { applicationOnboardingKey, onboardingKey } from './onboarding-keys.ts';

/** `GET /applications/{id}/onboarding`: the application's open onboarding, or null (asked when it leaves status 6). */
export function getApplicationOnboarding(
  applicationId: number,
  signal?: AbortSignal,
): Promise<TApplicationOnboarding> {
  return api.get<TApplicationOnboarding>(`/applications/${applicationId}/onboarding`, { signal });
}

export function applicationOnboardingQueryOptions(applicationId: number) {
  return queryOptions({
    queryKey: applicationOnboardingKey(applicationId),
    queryFn: ({ signal }) => getApplicationOnboarding(applicationId, signal),
    staleTime: 0,
  });
}

/** The open onboardings of several applications (one call each, at once), in their order. */
export function applicationsOnboardingsQueryOptions(applicationIds: number[]) {
  return queryOptions({
    queryKey: [...onboardingKey, 'applications', applicationIds] as const,
    queryFn: ({ signal }) =>
      Promise.all(applicationIds.map((id) => getApplicationOnboarding(id, signal))),
    staleTime: 0,
  });
}
