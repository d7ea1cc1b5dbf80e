import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProfile } from '@embauche/contracts/profile';
import { api } from '../../../lib/api-client.ts';

export function getPersonalInfos(signal?: AbortSignal): Promise<TProfile> {
  return api.get<TProfile>('/user_profile/personal_infos', { signal });
}

export function personalInfosQueryOptions() {
  return queryOptions({
    queryKey: ['user_profile', 'personal_infos'] as const,
    queryFn: ({ signal }) => getPersonalInfos(signal),
  });
}

export function usePersonalInfos() {
  return useQuery(personalInfosQueryOptions());
}
