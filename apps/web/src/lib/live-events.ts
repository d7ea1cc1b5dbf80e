/**
 * Typed events of the signed-in user's live stream (the notifications' EventSource), for the parts
 * of the app other than notifications: the hub sends them with their own SSE event type (`sms`…),
 * which `onmessage` does not see. The stream asks `liveEventTypes()` which types to listen to,
 * and `watchLiveEventTypes` tells it when one more is wanted; a feature listens with
 * `onLiveEvent(type, listener)` without opening a second stream (one stream per user).
 */
type Listener = (data: string) => void;

const listeners = new Map<string, Set<Listener>>();
const typeWatchers = new Set<(type: string) => void>();
const reconnectListeners = new Set<() => void>();

/** Calls `listener` with the data (text) of every live event of `type`; returns the unsubscribe. */
export function onLiveEvent(type: string, listener: Listener): () => void {
  let set = listeners.get(type);
  if (!set) {
    set = new Set();
    listeners.set(type, set);
    for (const watcher of typeWatchers) watcher(type);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

/** The event types someone listens to (the stream adds a listener for each). */
export function liveEventTypes(): string[] {
  return [...listeners.keys()];
}

/** The stream learns of a type asked for after it opened; returns the unsubscribe. */
export function watchLiveEventTypes(watcher: (type: string) => void): () => void {
  typeWatchers.add(watcher);
  return () => {
    typeWatchers.delete(watcher);
  };
}

/** Hands one received event to the listeners of its type. */
export function dispatchLiveEvent(type: string, data: string): void {
  for (const listener of [...(listeners.get(type) ?? [])]) listener(data);
}

/** Called when the stream opens again after a failure: what arrived meanwhile must be read again. */
export function onLiveReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => {
    reconnectListeners.delete(listener);
  };
}

export function dispatchLiveReconnect(): void {
  for (const listener of [...reconnectListeners]) listener();
}
