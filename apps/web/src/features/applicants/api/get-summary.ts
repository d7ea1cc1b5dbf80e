import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSummary } from '@embauche/contracts/applications';
import { api } from '../../../lib/api-client.ts';
import { applicantKey, applicationKey } from './applicant-query-keys.ts';

export type SummarySubject = { type: 'application' | 'applicant'; id: number };

/** `GET /applications/{id}/summary` or `/applicants/{id}/summary`; `regenerate` forces a new one. */
export function getSummary(subject: SummarySubject, lang: string, regenerate = false, signal?: AbortSignal): Promise<TSummary> {
  return api.get<TSummary>(`/${subject.type}s/${subject.id}/summary`, {
    signal,
    query: { lang, ...(regenerate ? { regenerate: '1' } : {}) },
  });
}

/** Spec 8/9: not retried, fresh for 5 minutes. */
export function summaryQueryOptions(subject: SummarySubject, lang: string) {
  return queryOptions({
    queryKey: [...(subject.type === 'application' ? applicationKey(subject.id) : applicantKey(subject.id)), 'summary', lang] as const,
    queryFn: ({ signal }) => getSummary(subject, lang, false, signal),
    retry: false,
    staleTime: 5 * 60 * 1000,
  });
}

export function useSummary(subject: SummarySubject, lang: string) {
  return useQuery(summaryQueryOptions(subject, lang));
}

export function useRegenerateSummary(subject: SummarySubject, lang: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getSummary(subject, lang, true),
    onSuccess: (summary) => queryClient.setQueryData(summaryQueryOptions(subject, lang).queryKey, summary),
  });
}
