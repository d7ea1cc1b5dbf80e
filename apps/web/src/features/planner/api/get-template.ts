import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAppointmentTemplate } from '@embauche/contracts/planner';
import { api } from '../../../lib/api-client.ts';
import { templatesKey } from './planner-keys.ts';

/** `GET /planner/templates/{id}`: the whole template (hours, exceptions, e-mail models). */
export function getTemplate(id: number, signal?: AbortSignal): Promise<TAppointmentTemplate> {
  return api.get<TAppointmentTemplate>(`/planner/templates/${id}`, { signal });
}

export function templateQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...templatesKey, 'detail', id] as const,
    queryFn: ({ signal }) => getTemplate(id, signal),
  });
}

export function useTemplate(id: number | null) {
  return useQuery({ ...templateQueryOptions(id ?? 0), enabled: id !== null });
}
