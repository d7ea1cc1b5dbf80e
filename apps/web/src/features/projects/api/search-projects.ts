import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PROJECT_SEARCH_MIN_LENGTH } from '@embauche/contracts/constants';
import type { TProjectSearchResult } from '@embauche/contracts/projects';
import { api } from '../../../lib/api-client.ts';

export function searchProjects(search: string, signal?: AbortSignal): Promise<TProjectSearchResult> {
  return api.get<TProjectSearchResult>('/projects/search', { signal, query: { search, scope: 'projects,offers' } });
}

export function projectSearchQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['projects', 'search', search] as const,
    queryFn: ({ signal }) => searchProjects(search, signal),
  });
}

/** Spec 5/9: the search runs only from 2 characters. */
export function useProjectSearch(search: string) {
  const term = search.trim();
  return useQuery({
    ...projectSearchQueryOptions(term),
    enabled: term.length >= PROJECT_SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}
