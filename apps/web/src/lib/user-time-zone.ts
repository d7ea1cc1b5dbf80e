import { createContext, useContext } from 'react';
import { browserTimeZone } from './dates.ts';

/**
 * The signed-in user's time zone (issue 39: their own from the user settings, else the company's),
 * provided by the app once the user is loaded. The planner's screens and the applicant's
 * appointments show their times in it; outside a signed-in page, the browser's zone.
 */
export const UserTimeZoneContext = createContext<string | null>(null);

export function useUserTimeZone(): string {
  return useContext(UserTimeZoneContext) ?? browserTimeZone();
}

/** The zones this browser knows (IANA, sorted), `current` among them even if it does not know it. */
export function knownTimeZones(current?: string | null): string[] {
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return current && !all.includes(current) ? [current, ...all] : [...all];
}
