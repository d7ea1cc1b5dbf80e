import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCustomField, TCustomFieldEntity } from '@embauche/contracts/custom-fields';
import { api } from '../../../lib/api-client.ts';
import { customFieldsBaseKey } from '../../../lib/custom-fields/get-active-custom-fields.ts';

export function customFieldsListKey(entity: TCustomFieldEntity) {
  return [...customFieldsBaseKey, 'config', entity] as const;
}

/** `GET /custom-fields?entity&archived=all`: every field of the entity (archived too), in order, with value counts. */
export function getCustomFields(entity: TCustomFieldEntity, signal?: AbortSignal): Promise<TCustomField[]> {
  return api.get<TCustomField[]>('/custom-fields', { query: { entity, archived: 'all' }, signal });
}

export function customFieldsQueryOptions(entity: TCustomFieldEntity) {
  return queryOptions({
    queryKey: customFieldsListKey(entity),
    queryFn: ({ signal }) => getCustomFields(entity, signal),
  });
}

export function useCustomFields(entity: TCustomFieldEntity) {
  return useQuery(customFieldsQueryOptions(entity));
}
