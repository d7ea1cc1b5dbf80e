import { useCallback } from 'react';
import { useNavigate, type To } from 'react-router';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { forgetQueries } from './forget-queries.ts';

type Leave = {
  /** The deleted object's queries (each key and everything under it): removed, never asked again. */
  forget: readonly QueryKey[];
  /** Router state for the destination (e.g. a sheet to open there). */
  state?: unknown;
};

/**
 * For a screen that has just deleted the object it shows: goes to `to` first (replacing the
 * deleted object's entry in the history, so that back does not lead to a 404), then drops the
 * object's queries once the screen has unmounted (forgetQueries). The deleted object is never
 * requested again: not by the screen re-rendering, not by an invalidation, not by back.
 */
export function useLeaveDeleted() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (to: To, { forget, state }: Leave): Promise<void> => {
      const forgotten = forgetQueries(queryClient, forget);
      void navigate(to, { replace: true, state });
      return forgotten;
    },
    [navigate, queryClient],
  );
}
