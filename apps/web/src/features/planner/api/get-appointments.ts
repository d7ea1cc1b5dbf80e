import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAppointmentList } from '@embauche/contracts/planner';
import { api } from '../../../lib/api-client.ts';
import { appointmentsKey } from './planner-keys.ts';

export type AppointmentRange = { from: string; to: string; userIds: number[] };

/** `GET /planner/appointments?from&to&user_ids`: the confirmed appointments of those users in the range. */
export function getAppointments(
  range: AppointmentRange,
  signal?: AbortSignal,
): Promise<TAppointmentList> {
  return api.get<TAppointmentList>('/planner/appointments', {
    signal,
    query: {
      from: range.from,
      to: range.to,
      user_ids: range.userIds.length ? range.userIds.join(',') : null,
    },
  });
}

export function appointmentsQueryOptions(range: AppointmentRange) {
  return queryOptions({
    queryKey: [...appointmentsKey, range.from, range.to, range.userIds.join(',')] as const,
    queryFn: ({ signal }) => getAppointments(range, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAppointments(range: AppointmentRange | null) {
  return useQuery({
    ...appointmentsQueryOptions(range ?? { from: '', to: '', userIds: [] }),
    enabled: range !== null,
  });
}
