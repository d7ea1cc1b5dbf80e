import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TApplicationPath } from '@embauche/contracts/offer-settings';
import { api } from '../../../lib/api-client.ts';

/**
 * Under the config page's `['application-path']` key (features/offer-settings, named here rather
 * than imported): saving the path there refreshes the manual form's copy.
 */
export const applicationPathFormKey = ['application-path', 'form'] as const;

/** `GET /application-path/form` (any user of the company): which applicant fields the manual form hides or requires. */
export function getApplicationPathForm(signal?: AbortSignal): Promise<TApplicationPath> {
  return api.get<TApplicationPath>('/application-path/form', { signal });
}

export function applicationPathFormQueryOptions() {
  return queryOptions({ queryKey: applicationPathFormKey, queryFn: ({ signal }) => getApplicationPathForm(signal) });
}

export function useApplicationPathForm() {
  return useQuery(applicationPathFormQueryOptions());
}
