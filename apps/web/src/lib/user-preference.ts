import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

/**
 * Display preferences of the signed-in user (a folded panel, collapsed board columns). The server
 * has no preferences store, so they live in this browser's localStorage under a key that carries
 * the user's id: two people sharing a browser, or one acting as another, keep their own.
 */
export const PreferenceUserContext = createContext<number | null>(null);

const PREFIX = 'embauche.pref';
/** Same-tab listeners (the `storage` event only reaches the other tabs). */
const listeners = new Set<() => void>();
/** What was set in this page, for when localStorage refuses (private mode, a full storage). */
const memory = new Map<string, string>();

export function preferenceKey(userId: number | null, name: string): string {
  return `${PREFIX}.${userId ?? 'anonymous'}.${name}`;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key) ?? memory.get(key) ?? null;
  } catch {
    return memory.get(key) ?? null;
  }
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** A JSON value kept per user; `fallback` until the user sets one (or when storage is unavailable). */
export function useUserPreference<T>(name: string, fallback: T): [T, (value: T) => void] {
  const userId = useContext(PreferenceUserContext);
  const key = preferenceKey(userId, name);
  const raw = useSyncExternalStore(subscribe, () => read(key), () => null);
  let value = fallback;
  if (raw !== null) {
    try {
      value = JSON.parse(raw) as T;
    } catch {
      // A value written by hand or by an older version: the default is fine.
    }
  }
  const set = useCallback(
    (next: T) => {
      const json = JSON.stringify(next);
      try {
        window.localStorage.setItem(key, json);
      } catch {
        // Private mode or a full storage: the choice lasts as long as the page.
        memory.set(key, json);
      }
      for (const listener of listeners) listener();
    },
    [key],
  );
  return [value, set];
}
