import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCustomField, TCustomFieldCreate } from '@embauche/contracts/custom-fields';
import { api } from '../../../lib/api-client.ts';
import { customFieldsBaseKey } from '../../../lib/custom-fields/get-active-custom-fields.ts';

/** `POST /custom-fields`: a new field, placed last. */
export function createCustomField(body: TCustomFieldCreate): Promise<TCustomField> {
  return api.post<TCustomField>('/custom-fields', body);
}

export function useCreateCustomField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomField,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: customFieldsBaseKey }),
  });
}
