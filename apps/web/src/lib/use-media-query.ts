import { useCallback, useSyncExternalStore } from 'react';

/** Spec 9: below the 768px medium breakpoint the app is laid out for phones. */
export const MOBILE_QUERY = '(max-width: 767px)';

/** Whether a CSS media query matches now; follows changes (rotation, window resize). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** Phones and narrow windows (< 768px): the sidebar and the project tree become sheets. */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
