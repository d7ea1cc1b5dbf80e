import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_RECONNECT_MS, ZNotification, type TNotification } from '@embauche/contracts/notifications';
import { notificationsBaseKey, updateCachedLists, updateCount } from '../api/notification-keys.ts';

export type StreamUser = { id: number; company_id: number; role_id: number | null; mercure_subscription_token: string };

/** The hub's subscription URL for the user's three topics; EventSource sends no headers, so the token goes as `authorization`. */
export function streamUrl(user: StreamUser, origin = window.location.origin): string {
  const url = new URL('/.well-known/mercure', origin);
  url.searchParams.append('topic', `v2/user/${user.id}`);
  url.searchParams.append('topic', `v2/company/${user.company_id}`);
  if (user.role_id !== null) url.searchParams.append('topic', `v2/role/${user.role_id}`);
  url.searchParams.set('authorization', user.mercure_subscription_token);
  return url.toString();
}

/**
 * The live stream (spec 4): each message is a notification, which raises the counter by one,
 * joins the cached lists and is handed to `onNotification` (the toast). A malformed message is
 * only logged (spec 8). On error the stream closes and opens again 5 seconds later.
 */
export function useNotificationStream(user: StreamUser, onNotification: (notification: TNotification) => void) {
  const queryClient = useQueryClient();
  const listener = useRef(onNotification);
  useEffect(() => {
    listener.current = onNotification;
  }, [onNotification]);
  const url = streamUrl(user);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const open = (reconnect: boolean) => {
      source = new EventSource(url, { withCredentials: true });
      // What arrived while the stream was down: the count and the lists are read again.
      if (reconnect) void queryClient.invalidateQueries({ queryKey: notificationsBaseKey });
      source.onmessage = (event: MessageEvent<string>) => {
        let notification: TNotification;
        try {
          notification = ZNotification.parse(JSON.parse(event.data));
        } catch (error) {
          console.error('Malformed live notification', error);
          return;
        }
        updateCount(queryClient, (count) => count + 1);
        updateCachedLists(queryClient, (items) => (items.some((n) => n.id === notification.id) ? items : [notification, ...items]));
        listener.current(notification);
      };
      source.onerror = () => {
        source?.close();
        source = null;
        if (!stopped) retry = setTimeout(() => open(true), NOTIFICATION_RECONNECT_MS);
      };
    };
    open(false);
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [url, queryClient]);
}
