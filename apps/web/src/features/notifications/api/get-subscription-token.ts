import { queryOptions } from '@tanstack/react-query';
import type { THubToken } from '@embauche/contracts/hub';
import { api } from '../../../lib/api-client.ts';
import { notificationsBaseKey } from './notification-keys.ts';

/**
 * `GET /hub-token`: a fresh subscription token for the live stream, bound to the session and
 * short-lived (the server's MERCURE_TOKEN_TTL_SECONDS); asked before the current one expires and
 * after the hub ends the stream. 401 once the session has ended.
 */
export async function getSubscriptionToken(signal?: AbortSignal): Promise<string> {
  const answer = await api.get<THubToken>('/hub-token', { signal });
  return answer.mercure_subscription_token;
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
