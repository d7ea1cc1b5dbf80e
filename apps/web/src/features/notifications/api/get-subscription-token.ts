import { queryOptions } from '@tanstack/react-query';
import type { TMe } from '@embauche/contracts/auth';
import { api } from '../../../lib/api-client.ts';
import { notificationsBaseKey } from './notification-keys.ts';

/**
 * `GET /me`, read for its `mercure_subscription_token` only: a fresh token for the live stream
 * before the current one expires (spec 3 "User.mercure_subscription_token").
 */
export async function getSubscriptionToken(signal?: AbortSignal): Promise<string> {
  const me = await api.get<Pick<TMe, 'mercure_subscription_token'>>('/me', { signal });
  return me.mercure_subscription_token;
}

/** Never cached: each renewal asks for a new token. */
export function subscriptionTokenQueryOptions() {
  return queryOptions({
    queryKey: [...notificationsBaseKey, 'subscription-token'] as const,
    queryFn: ({ signal }) => getSubscriptionToken(signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
