import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAppointmentTemplate, TAppointmentTemplateInput } from '@embauche/contracts/planner';
import { api } from '../../../lib/api-client.ts';
import { templatesKey } from './planner-keys.ts';

/** `POST /planner/templates` (no id) or `PUT /planner/templates/{id}`. */
export function saveTemplate({
  id,
  ...body
}: TAppointmentTemplateInput & { id?: number }): Promise<TAppointmentTemplate> {
  return id === undefined
    ? api.post<TAppointmentTemplate>('/planner/templates', body)
    : api.put<TAppointmentTemplate>(`/planner/templates/${id}`, body);
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTemplate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}
