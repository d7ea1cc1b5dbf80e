import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SMS_LIVE_EVENT_TYPE, ZSmsLiveEvent, type TSmsLiveEvent } from '@embauche/contracts/sms';
import { onLiveEvent, onLiveReconnect } from '../../../lib/live-events.ts';
import { setUnreadCount, smsActiveKey, smsBaseKey, smsListsKey, upsertCachedMessage } from '../api/sms-keys.ts';

/** Parses one `sms` event of the live stream; a malformed one is only logged (spec 8). */
export function parseSmsLiveEvent(data: string): TSmsLiveEvent | null {
  try {
    return ZSmsLiveEvent.parse(JSON.parse(data));
  } catch (error) {
    console.error('Malformed live SMS event', error);
    return null;
  }
}

/**
 * Replies and delivery states arrive live on the notifications' stream (SSE type `sms`): the
 * message joins (or updates) its open conversation, the counter takes the value sent along, and
 * the lists (newest first) are read again. After the stream was down, everything SMS is read again.
 */
export function useSmsLiveUpdates(enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return undefined;
    const stopEvents = onLiveEvent(SMS_LIVE_EVENT_TYPE, (data) => {
      const event = parseSmsLiveEvent(data);
      if (!event) return;
      upsertCachedMessage(queryClient, event.applicant_id, event.application_id, event.message);
      if (event.unread_conversation_count !== undefined) setUnreadCount(queryClient, event.unread_conversation_count);
      if (event.type === 'sms.message') {
        void queryClient.invalidateQueries({ queryKey: smsActiveKey });
        void queryClient.invalidateQueries({ queryKey: smsListsKey });
      }
    });
    const stopReconnect = onLiveReconnect(() => void queryClient.invalidateQueries({ queryKey: smsBaseKey }));
    return () => {
      stopEvents();
      stopReconnect();
    };
  }, [enabled, queryClient]);
}
