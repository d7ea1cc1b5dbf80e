import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserSummary } from '@embauche/contracts/projects';
import { api } from '../../../lib/api-client.ts';

export function getUsersPublish(signal?: AbortSignal): Promise<TUserSummary[]> {
  return api.get<TUserSummary[]>('/projects/all/offers/users-publish', { signal });
}

/** The users allowed to publish offers; spec 9: fresh 15 minutes. */
export function usersPublishQueryOptions() {
  return queryOptions({
    queryKey: ['offers', 'users-publish'] as const,
    queryFn: ({ signal }) => getUsersPublish(signal),
    staleTime: 15 * 60 * 1000,
  });
}

export function useUsersPublish() {
  return useQuery(usersPublishQueryOptions());
}
