import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCustomField, TCustomFieldEntity } from '@embauche/contracts/custom-fields';
import { api } from '../api-client.ts';

/** Every cached list of custom fields (active ones and the config page's) starts with this key. */
export const customFieldsBaseKey = ['custom-fields'] as const;

/** `GET /custom-fields/active?entity`: the company's fields not archived, in order, for forms and lists. */
export function getActiveCustomFields(entity: TCustomFieldEntity, signal?: AbortSignal): Promise<TCustomField[]> {
  return api.get<TCustomField[]>('/custom-fields/active', { query: { entity }, signal });
}

export function activeCustomFieldsQueryOptions(entity: TCustomFieldEntity) {
  return queryOptions({
    queryKey: [...customFieldsBaseKey, 'active', entity] as const,
    queryFn: ({ signal }) => getActiveCustomFields(entity, signal),
    staleTime: 5 * 60 * 1000,
  });
}

export function useActiveCustomFields(entity: TCustomFieldEntity) {
  return useQuery(activeCustomFieldsQueryOptions(entity));
}
