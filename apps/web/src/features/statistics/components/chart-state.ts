import type { UseQueryResult } from '@tanstack/react-query';

/** The card's state from its query: an answer with nothing to draw is `empty`. */
export function chartState<T>(
  query: UseQueryResult<T>,
  isEmpty: (data: T) => boolean,
): 'pending' | 'error' | 'empty' | 'ready' {
  if (query.isPending) return 'pending';
  if (query.isError && query.data === undefined) return 'error';
  return query.data === undefined || isEmpty(query.data) ? 'empty' : 'ready';
}
