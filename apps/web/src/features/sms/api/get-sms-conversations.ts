import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { SMS_PAGE_SIZE, type TSmsConversationPage } from '@embauche/contracts/sms';
import { api } from '../../../lib/api-client.ts';
import { SMS_STALE_TIME, smsListKey } from './sms-keys.ts';

/** `GET /sms/conversations?page&per_page&search`: the header sheet's list, newest message first; `search` matches the applicant's name. */
export function getSmsConversations(search: string, page = 1, signal?: AbortSignal): Promise<TSmsConversationPage> {
  return api.get<TSmsConversationPage>('/sms/conversations', {
    query: { page, per_page: SMS_PAGE_SIZE, search: search.trim() || null },
    signal,
  });
}

export function smsConversationsQueryOptions(search: string) {
  const term = search.trim();
  return infiniteQueryOptions({
    queryKey: smsListKey(term),
    queryFn: ({ signal, pageParam }) => getSmsConversations(term, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: TSmsConversationPage) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    staleTime: SMS_STALE_TIME,
  });
}

/** The sheet's list: its pages, and `fetchNextPage` for "load more". */
export function useSmsConversations(search: string, enabled = true) {
  return useInfiniteQuery({ ...smsConversationsQueryOptions(search), enabled });
}
