import type { ShareType } from '@embauche/contracts/shares';

/** Every query of one shared link: what it is, what it shows, its feed. */
export function sharedKey(token: string) {
  return ['shared-view', token] as const;
}

export function sharedFeedKey(token: string, type: ShareType) {
  return [...sharedKey(token), 'feed', type] as const;
}

/** The token as a path segment of `/api/shared/{token}/…`. */
export function sharedPath(token: string): string {
  return `/shared/${encodeURIComponent(token)}`;
}

/**
 * Spec 8: the shared calls are not retried (an expired or revoked link answers 404 and stays so;
 * a miss also counts against the visitor's address). Spec 9: nor refetched on window focus.
 */
export const SHARED_QUERY = { retry: false, refetchOnWindowFocus: false } as const;
