import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCustomFieldValues, TCustomFieldValuesResponse } from '@embauche/contracts/custom-fields';
import { api } from '../../../lib/api-client.ts';
import { entityValuesKey, type ValuesOwner } from './get-entity-custom-values.ts';

/** `PUT /applicants/{id}/custom-fields {custom_fields}`: the fields sent change, the others stay. */
export function updateEntityCustomValues({ owner, values }: { owner: ValuesOwner; values: TCustomFieldValues }): Promise<TCustomFieldValuesResponse> {
  return api.put<TCustomFieldValuesResponse>(`/${owner.entity}s/${owner.id}/custom-fields`, { custom_fields: values });
}

export function useUpdateEntityCustomValues() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEntityCustomValues,
    onSuccess: (data, { owner }) => queryClient.setQueryData(entityValuesKey(owner), data),
  });
}
