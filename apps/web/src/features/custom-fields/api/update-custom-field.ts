import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCustomField, TCustomFieldUpdate } from '@embauche/contracts/custom-fields';
import { api } from '../../../lib/api-client.ts';
import { customFieldsBaseKey } from '../../../lib/custom-fields/get-active-custom-fields.ts';

/** `PUT /custom-fields/{id}`: label, required, options, where it shows, archived. */
export function updateCustomField({ id, ...body }: TCustomFieldUpdate & { id: number }): Promise<TCustomField> {
  return api.put<TCustomField>(`/custom-fields/${id}`, body);
}

export function useUpdateCustomField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomField,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: customFieldsBaseKey }),
  });
}
