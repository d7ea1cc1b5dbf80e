import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSmsActiveConversations } from '@embauche/contracts/sms';
import { api } from '../../../lib/api-client.ts';
import { SMS_STALE_TIME, smsActiveKey } from './sms-keys.ts';

/** `GET /sms/get-active-conversations`: the newest conversations and `unread_conversation_count` (the bell's badge). */
export function getActiveConversations(signal?: AbortSignal): Promise<TSmsActiveConversations> {
  return api.get<TSmsActiveConversations>('/sms/get-active-conversations', { signal });
}

export function activeConversationsQueryOptions() {
  return queryOptions({
    queryKey: smsActiveKey,
    queryFn: ({ signal }) => getActiveConversations(signal),
    staleTime: SMS_STALE_TIME,
  });
}

export function useActiveConversations() {
  return useQuery(activeConversationsQueryOptions());
}
