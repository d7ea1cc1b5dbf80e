import { errorStatus } from './api-error.ts';

const NO_RETRY_STATUSES = new Set([401, 403, 404]);

/** Spec 9: exponential backoff from 1 s, capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/** A retry predicate that gives up on 401/403/404 and after `max` failures. */
export function retryUpTo(max: number) {
  return (failureCount: number, error: unknown): boolean => {
    const status = errorStatus(error);
    if (status !== undefined && NO_RETRY_STATUSES.has(status)) return false;
    return failureCount < max;
  };
}
