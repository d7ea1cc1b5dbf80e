import { parseAsInteger, useQueryState } from 'nuqs';

/** `?application={id}`: which application of the applicant is in focus (summary, motivation, tests). */
export function useFocusedApplication() {
  return useQueryState('application', parseAsInteger);
}
