import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { customFieldsBaseKey } from '../../../lib/custom-fields/get-active-custom-fields.ts';

/** `DELETE /custom-fields/{id}?force=1`: the field and its values (the dialog has asked first). */
export function deleteCustomField(id: number): Promise<void> {
  return apiRequest<void>(`/custom-fields/${id}`, { method: 'DELETE', query: { force: 1 } });
}

export function useDeleteCustomField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomField,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: customFieldsBaseKey }),
  });
}
