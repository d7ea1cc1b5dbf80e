import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** How long a deleted object's queries may stay observed before they are dropped anyway. */
export const FORGET_TIMEOUT_MS = 5_000;

/**
 * Drops the cached queries of an object that no longer exists (each key and everything under it)
 * once no screen observes them any more, and answers when that is done.
 *
 * Neither invalidated (an observed query would be asked again: 404) nor removed at once: a
 * screen still showing the object would, on its next render, create the query afresh and fetch
 * it (404). The screen showing it moves away first (see useLeaveDeleted); its queries lose their
 * last observer as it unmounts, and only then are they removed. A fetch of them in flight is
 * cancelled first. After `timeout` they are removed whatever observes them.
 */
export function forgetQueries(queryClient: QueryClient, keys: readonly QueryKey[], timeout = FORGET_TIMEOUT_MS): Promise<void> {
  const cache = queryClient.getQueryCache();
  for (const queryKey of keys) void queryClient.cancelQueries({ queryKey });
  const observed = () => keys.some((queryKey) => cache.findAll({ queryKey }).some((query) => query.getObserversCount() > 0));
  const remove = () => {
    for (const queryKey of keys) queryClient.removeQueries({ queryKey });
  };
  if (!observed()) {
    remove();
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const finish = () => {
      unsubscribe();
      clearTimeout(timer);
      remove();
      resolve();
    };
    const unsubscribe = cache.subscribe((event) => {
      if (event.type === 'observerRemoved' && !observed()) finish();
    });
    const timer = setTimeout(finish, timeout);
  });
}
