import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCustomFieldValuesResponse } from '@embauche/contracts/custom-fields';
import { api } from '../../../lib/api-client.ts';
import { customFieldsBaseKey } from '../../../lib/custom-fields/get-active-custom-fields.ts';

export type ValuesOwner = { entity: 'applicant' | 'application'; id: number };

export function entityValuesKey(owner: ValuesOwner) {
  return [...customFieldsBaseKey, 'values', owner.entity, owner.id] as const;
}

/** `GET /applicants/{id}/custom-fields` (or `/applications/{id}/…`): the values of its custom fields. */
export function getEntityCustomValues(owner: ValuesOwner, signal?: AbortSignal): Promise<TCustomFieldValuesResponse> {
  return api.get<TCustomFieldValuesResponse>(`/${owner.entity}s/${owner.id}/custom-fields`, { signal });
}

export function entityCustomValuesQueryOptions(owner: ValuesOwner) {
  return queryOptions({
    queryKey: entityValuesKey(owner),
    queryFn: ({ signal }) => getEntityCustomValues(owner, signal),
  });
}

export function useEntityCustomValues(owner: ValuesOwner, enabled = true) {
  return useQuery({ ...entityCustomValuesQueryOptions(owner), enabled });
}
