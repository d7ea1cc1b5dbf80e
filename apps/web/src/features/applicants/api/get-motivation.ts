import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZMotivation } from '@embauche/contracts/applications';
import { api } from '../../../lib/api-client.ts';
import { applicantKey, applicationKey } from './applicant-query-keys.ts';

type TMotivation = z.infer<typeof ZMotivation>;
export type MotivationSubject = { type: 'application' | 'applicant'; id: number };

/** `GET /applications/{id}/motivation` (the application's own, else the applicant's) or `/applicants/{id}/motivation`. */
export function getMotivation(subject: MotivationSubject, signal?: AbortSignal): Promise<TMotivation> {
  return api.get<TMotivation>(`/${subject.type}s/${subject.id}/motivation`, { signal });
}

/** Spec 9: fresh for 5 minutes. Spec 5: fetched only when `enabled` (the documents setting). */
export function motivationQueryOptions(subject: MotivationSubject, enabled = true) {
  return queryOptions({
    queryKey: [...(subject.type === 'application' ? applicationKey(subject.id) : applicantKey(subject.id)), 'motivation'] as const,
    queryFn: ({ signal }) => getMotivation(subject, signal),
    staleTime: 5 * 60 * 1000,
    enabled,
  });
}

export function useMotivation(subject: MotivationSubject, enabled = true) {
  return useQuery(motivationQueryOptions(subject, enabled));
}
