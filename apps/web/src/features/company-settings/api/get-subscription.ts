import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSubscription } from '@embauche/contracts/company-settings';
import { api } from '../../../lib/api-client.ts';
import { subscriptionKey } from './company-settings-keys.ts';

/** `GET /config/account-infos/subscription`: the plan, and whether the caller may change it. */
export function getSubscription(signal?: AbortSignal): Promise<TSubscription> {
  return api.get<TSubscription>('/config/account-infos/subscription', { signal });
}

export function subscriptionQueryOptions() {
  return queryOptions({ queryKey: subscriptionKey, queryFn: ({ signal }) => getSubscription(signal) });
}

export function useSubscription() {
  return useQuery(subscriptionQueryOptions());
}
