import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { TSmsActiveConversations, TSmsConversation, TSmsConversationItem, TSmsConversationPage, TSmsMessage } from '@embauche/contracts/sms';

export const smsBaseKey = ['sms'] as const;
export const smsActiveKey = [...smsBaseKey, 'active'] as const;
export const smsConversationsKey = [...smsBaseKey, 'conversation'] as const;
export const smsListsKey = [...smsBaseKey, 'list'] as const;
/** The company's SMS settings (destinations, daily cap and today's count): read again after any send. */
export const smsSettingsKey = [...smsBaseKey, 'settings'] as const;

export function smsConversationKey(applicantId: number, applicationId: number) {
  return [...smsConversationsKey, applicantId, applicationId] as const;
}

export function smsListKey(search: string) {
  return [...smsListsKey, search] as const;
}

/** A cached page list of the sheet: its pages as loaded, each read from its page number. */
export type SmsConversationPages = InfiniteData<TSmsConversationPage, number>;

/** The header counter and the active conversations are read again when stale (1 minute) on focus; live events keep them current. */
export const SMS_STALE_TIME = 60 * 1000;

/** A message joins its cached conversation (or replaces its older copy: a state change), oldest first. */
export function upsertCachedMessage(queryClient: QueryClient, applicantId: number, applicationId: number, message: TSmsMessage) {
  queryClient.setQueryData<TSmsConversation>(smsConversationKey(applicantId, applicationId), (cached) => {
    if (!cached) return cached;
    const known = cached.messages.some((m) => m.id === message.id);
    const messages = known ? cached.messages.map((m) => (m.id === message.id ? message : m)) : [...cached.messages, message];
    messages.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
    return { ...cached, conversation_id: cached.conversation_id ?? message.conversation_id, messages };
  });
}

/** Sets the unread counter the server answered, wherever it is cached (active list, sheet pages). */
export function setUnreadCount(queryClient: QueryClient, count: number) {
  queryClient.setQueryData<TSmsActiveConversations>(smsActiveKey, (cached) => (cached ? { ...cached, unread_conversation_count: count } : cached));
  queryClient.setQueriesData<SmsConversationPages>({ queryKey: smsListsKey }, (cached) =>
    cached ? { ...cached, pages: cached.pages.map((page) => ({ ...page, unread_conversation_count: count })) } : cached,
  );
}

/** Applies `change` to a conversation wherever it is listed (active list, sheet pages). */
export function updateCachedItems(queryClient: QueryClient, conversationId: number, change: (item: TSmsConversationItem) => TSmsConversationItem) {
  const apply = (items: TSmsConversationItem[]) => items.map((item) => (item.conversation_id === conversationId ? change(item) : item));
  queryClient.setQueryData<TSmsActiveConversations>(smsActiveKey, (cached) => (cached ? { ...cached, conversations: apply(cached.conversations) } : cached));
  queryClient.setQueriesData<SmsConversationPages>({ queryKey: smsListsKey }, (cached) =>
    cached ? { ...cached, pages: cached.pages.map((page) => ({ ...page, data: apply(page.data) })) } : cached,
  );
}

/** Whether a listed copy of the conversation says its last message is still unread (undefined: not listed). */
export function cachedUnread(queryClient: QueryClient, conversationId: number): boolean | undefined {
  const items = [
    ...(queryClient.getQueryData<TSmsActiveConversations>(smsActiveKey)?.conversations ?? []),
    ...queryClient
      .getQueriesData<SmsConversationPages>({ queryKey: smsListsKey })
      .flatMap(([, data]) => data?.pages.flatMap((page) => page.data) ?? []),
  ];
  const found = items.find((item) => item.conversation_id === conversationId);
  return found ? !found.last_message_is_read : undefined;
}
