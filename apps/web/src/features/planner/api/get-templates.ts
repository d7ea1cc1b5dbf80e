import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAppointmentTemplatePage } from '@embauche/contracts/planner';
import { api } from '../../../lib/api-client.ts';
import { templatesKey } from './planner-keys.ts';

export const TEMPLATES_PAGE_SIZE = 20;

/** `GET /planner/templates?page&per_page&search`: the company's appointment templates by name. */
export function getTemplates(
  page: number,
  search: string,
  perPage = TEMPLATES_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<TAppointmentTemplatePage> {
  return api.get<TAppointmentTemplatePage>('/planner/templates', {
    signal,
    query: { page, per_page: perPage, search: search.trim() || null },
  });
}

export function templatesQueryOptions(page: number, search = '', perPage = TEMPLATES_PAGE_SIZE) {
  return queryOptions({
    queryKey: [...templatesKey, 'pages', page, search.trim(), perPage] as const,
    queryFn: ({ signal }) => getTemplates(page, search, perPage, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTemplates(page: number, search = '', perPage = TEMPLATES_PAGE_SIZE) {
  return useQuery(templatesQueryOptions(page, search, perPage));
}
