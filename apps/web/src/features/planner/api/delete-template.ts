import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { templatesKey } from './planner-keys.ts';

/** `DELETE /planner/templates/{id}`: its appointments stay. */
export function deleteTemplate(id: number): Promise<void> {
  return api.delete<void>(`/planner/templates/${id}`);
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}
