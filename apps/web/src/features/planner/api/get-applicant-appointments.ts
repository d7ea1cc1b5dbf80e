import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAppointmentPage } from '@embauche/contracts/planner';
import { api } from '../../../lib/api-client.ts';

export const APPLICANT_APPOINTMENTS_PAGE_SIZE = 5;

/** Under the planner's key (a saved appointment refreshes it), written out: the applicant screen does not load the planner's keys module. */
const applicantAppointmentsKey = ['planner', 'applicant-appointments'] as const;

/** `GET /applicants/{id}/appointments?page&per_page`: the applicant's appointments, newest start first. */
export function getApplicantAppointments(
  applicantId: number,
  page: number,
  signal?: AbortSignal,
): Promise<TAppointmentPage> {
  return api.get<TAppointmentPage>(`/applicants/${applicantId}/appointments`, {
    signal,
    query: { page, per_page: APPLICANT_APPOINTMENTS_PAGE_SIZE },
  });
}

export function applicantAppointmentsQueryOptions(applicantId: number, page: number) {
  return queryOptions({
    queryKey: [...applicantAppointmentsKey, applicantId, page] as const,
    queryFn: ({ signal }) => getApplicantAppointments(applicantId, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useApplicantAppointments(applicantId: number, page: number) {
  return useQuery(applicantAppointmentsQueryOptions(applicantId, page));
}
