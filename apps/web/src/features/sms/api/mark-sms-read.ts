import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSmsMarkReadResult } from '@embauche/contracts/sms';
import { api } from '../../../lib/api-client.ts';
import { setUnreadCount, smsActiveKey, smsListsKey, updateCachedItems } from './sms-keys.ts';

/** `PUT /sms/mark-read {conversation_id}` → the conversation and the new unread counter. */
export function markSmsRead(conversationId: number): Promise<TSmsMarkReadResult> {
  return api.put<TSmsMarkReadResult>('/sms/mark-read', { conversation_id: conversationId });
}

/** Spec 4: the last message becomes read and the counter takes the server's value (one less). On failure the lists are read again. */
export function useMarkSmsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSmsRead,
    onSuccess: (result) => {
      updateCachedItems(queryClient, result.conversation_id, (item) => ({
        ...item,
        last_message_is_read: true,
        last_message: { ...item.last_message, is_read: true },
      }));
      setUnreadCount(queryClient, result.unread_conversation_count);
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: smsActiveKey });
      void queryClient.invalidateQueries({ queryKey: smsListsKey });
    },
  });
}
