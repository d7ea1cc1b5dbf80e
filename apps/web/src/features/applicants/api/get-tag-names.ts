import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applicantBaseKey } from './applicant-query-keys.ts';

/** Base key of the tag suggestions; saving tags invalidates it (a new name joins the catalogue). */
export const tagNamesBaseKey = [...applicantBaseKey, 'tag-names'] as const;

/** `GET /applicants/tags?search=`: the company's tag names starting with the text, most used first (20 at most). */
export function getTagNames(search: string, signal?: AbortSignal): Promise<string[]> {
  return api.get<string[]>('/applicants/tags', { signal, query: { search } });
}

export function tagNamesQueryOptions(search: string, enabled = true) {
  return queryOptions({
    queryKey: [...tagNamesBaseKey, search] as const,
    queryFn: ({ signal }) => getTagNames(search, signal),
    staleTime: 60 * 1000,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTagNames(search: string, enabled = true) {
  return useQuery(tagNamesQueryOptions(search, enabled));
}
