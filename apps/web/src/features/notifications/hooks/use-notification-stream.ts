import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_RECONNECT_MS, ZNotification, type TNotification } from '@embauche/contracts/notifications';
import { addCachedNotification, notificationsBaseKey, updateCount } from '../api/notification-keys.ts';
import { subscriptionTokenQueryOptions } from '../api/get-subscription-token.ts';
import { renewalDelay, tokenExpiry, tokenNeedsRenewal } from '../lib/subscription-token.ts';
import { dispatchLiveEvent, dispatchLiveReconnect, liveEventTypes, watchLiveEventTypes } from '../../../lib/live-events.ts';

export type StreamUser = { id: number; company_id: number; role_id: number | null; mercure_subscription_token: string };

/** Event ids remembered to drop what two streams both deliver while one replaces the other. */
const SEEN_IDS = 100;

/**
 * The hub's subscription URL for the user's three topics; EventSource sends no headers, so the
 * token goes as `authorization`, and the last event received as `lastEventID` (the hub replays
 * what followed it).
 */
export function streamUrl(user: StreamUser, token = user.mercure_subscription_token, lastEventId: string | null = null, origin = window.location.origin): string {
  const url = new URL('/.well-known/mercure', origin);
  url.searchParams.append('topic', `v2/user/${user.id}`);
  url.searchParams.append('topic', `v2/company/${user.company_id}`);
  if (user.role_id !== null) url.searchParams.append('topic', `v2/role/${user.role_id}`);
  url.searchParams.set('authorization', token);
  if (lastEventId) url.searchParams.set('lastEventID', lastEventId);
  return url.toString();
}

/**
 * The live stream (spec 4): each message is a notification, which raises the counter by one,
 * joins the cached lists and is handed to `onNotification` (the toast). A malformed message is
 * only logged (spec 8). On error the stream closes and opens again 5 seconds later (the count and
 * lists are then read again).
 *
 * The subscription token expires (the hub ends the stream at its `exp`): a minute before, a new
 * one is fetched from `/api/me` and a second stream opened with it and `lastEventID`; the first is
 * closed only once the second is open, and an event both deliver counts once, so nothing is lost
 * or doubled. A newer token of the signed-in user (their `/api/me` read again) is used as it is.
 *
 * Events with their own SSE type (`sms`…) travel on the same stream to whoever listens through
 * lib/live-events.ts, which also hears when the stream opens again after a failure.
 */
export function useNotificationStream(user: StreamUser, onNotification: (notification: TNotification) => void) {
  const queryClient = useQueryClient();
  const listener = useRef(onNotification);
  useEffect(() => {
    listener.current = onNotification;
  }, [onNotification]);
  const token = useRef(user.mercure_subscription_token);
  useEffect(() => {
    const given = user.mercure_subscription_token;
    if ((tokenExpiry(given) ?? Infinity) >= (tokenExpiry(token.current) ?? Infinity)) token.current = given;
  }, [user.mercure_subscription_token]);
  const { id, company_id, role_id } = user;

  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    const who: StreamUser = { id, company_id, role_id, mercure_subscription_token: '' };
    let source: EventSource | null = null;
    /** The stream replacing `source` (a renewed token), until it opens. */
    let pending: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let renewal: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let lastEventId: string | null = null;
    const seen: string[] = [];

    /** False for an event already received (both streams deliver it while one replaces the other). */
    const fresh = (event: MessageEvent<string>): boolean => {
      if (!event.lastEventId) return true;
      if (seen.includes(event.lastEventId)) return false;
      seen.push(event.lastEventId);
      if (seen.length > SEEN_IDS) seen.shift();
      lastEventId = event.lastEventId;
      return true;
    };

    /** Typed events (lib/live-events.ts: `sms`…) go to their listeners, once each per stream. */
    const attached = new WeakMap<EventSource, Set<string>>();
    const listen = (target: EventSource | null, type: string) => {
      if (!target) return;
      const types = attached.get(target) ?? new Set<string>();
      attached.set(target, types);
      if (types.has(type)) return;
      types.add(type);
      target.addEventListener(type, (event) => {
        const message = event as MessageEvent<string>;
        if (fresh(message)) dispatchLiveEvent(type, message.data);
      });
    };
    const listenAll = (target: EventSource) => {
      for (const type of liveEventTypes()) listen(target, type);
    };
    const unwatch = watchLiveEventTypes((type) => {
      listen(source, type);
      listen(pending, type);
    });

    const receive = (event: MessageEvent<string>) => {
      if (!fresh(event)) return;
      let notification: TNotification;
      try {
        notification = ZNotification.parse(JSON.parse(event.data));
      } catch (error) {
        console.error('Malformed live notification', error);
        return;
      }
      updateCount(queryClient, (count) => count + 1);
      addCachedNotification(queryClient, notification);
      listener.current(notification);
    };

    /** The current token, or a new one when it expires within its margin (undefined: not obtained). */
    const freshToken = async (): Promise<string | undefined> => {
      if (!tokenNeedsRenewal(token.current)) return token.current;
      try {
        const next = await queryClient.fetchQuery(subscriptionTokenQueryOptions());
        if ((tokenExpiry(next) ?? Infinity) >= (tokenExpiry(token.current) ?? Infinity)) token.current = next;
        return token.current;
      } catch {
        return undefined;
      }
    };

    const scheduleRenewal = () => {
      clearTimeout(renewal);
      const delay = renewalDelay(token.current);
      if (delay !== null) renewal = setTimeout(() => void renew(), delay);
    };

    const stop = () => {
      clearTimeout(renewal);
      source?.close();
      pending?.close();
      source = pending = null;
    };

    /** After an error: everything closes, and opens again 5 s later (with a new token if needed). */
    const failed = () => {
      stop();
      if (!stopped) retry = setTimeout(reopen, NOTIFICATION_RECONNECT_MS);
    };

    const reopen = () => {
      if (!tokenNeedsRenewal(token.current)) return reconnect();
      void freshToken().then((current) => {
        if (stopped) return;
        if (current === undefined) failed();
        else reconnect();
      });
    };

    const reconnect = () => {
      // What arrived while the stream was down: the count and the lists are read again.
      void queryClient.invalidateQueries({ queryKey: notificationsBaseKey });
      dispatchLiveReconnect();
      connect();
    };

    const connect = () => {
      source = new EventSource(streamUrl(who, token.current), { withCredentials: true });
      source.onmessage = receive;
      source.onerror = failed;
      listenAll(source);
      scheduleRenewal();
    };

    /** A new token before the current one expires: a second stream, the first closed once it is open. */
    const renew = async () => {
      // A long wait was cut to setTimeout's longest: not due yet.
      if (!tokenNeedsRenewal(token.current)) return scheduleRenewal();
      const current = await freshToken();
      if (stopped || !source) return;
      if (current === undefined || tokenNeedsRenewal(current)) {
        renewal = setTimeout(() => void renew(), NOTIFICATION_RECONNECT_MS);
        return;
      }
      const next = new EventSource(streamUrl(who, current, lastEventId), { withCredentials: true });
      pending = next;
      next.onmessage = receive;
      listenAll(next);
      next.onopen = () => {
        if (pending !== next) return;
        source?.close();
        source = next;
        pending = null;
        next.onerror = failed;
        scheduleRenewal();
      };
      next.onerror = () => {
        if (pending !== next) return;
        next.close();
        pending = null;
        renewal = setTimeout(() => void renew(), NOTIFICATION_RECONNECT_MS);
      };
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      unwatch();
      stop();
    };
  }, [id, company_id, role_id, queryClient]);
}
