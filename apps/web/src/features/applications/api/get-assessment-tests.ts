import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type AssessmentTest = { id: number; name: string };

/** `GET /assessment-tests`: the company's tests, the `tests` filter's choices. */
export function getAssessmentTests(signal?: AbortSignal): Promise<AssessmentTest[]> {
  return api.get<AssessmentTest[]>('/assessment-tests', { signal });
}

export function assessmentTestsQueryOptions() {
  return queryOptions({
    queryKey: ['application-choices', 'tests'] as const,
    queryFn: ({ signal }) => getAssessmentTests(signal),
    staleTime: 15 * 60 * 1000,
  });
}

export function useAssessmentTests() {
  return useQuery(assessmentTestsQueryOptions());
}
