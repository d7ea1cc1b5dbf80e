import { InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TApplicationPage } from '@embauche/contracts/applications';
import { boardColumnsKey, offerCountsKey } from './application-query-keys.ts';
import { refreshAfterCardChange } from './change-application-status.ts';

const page = (n: number): TApplicationPage => ({ data: [], current_page: n, last_page: 3, per_page: 50, total: 150, next_cursor: n < 3 ? `c${n}` : null });

/** An active infinite column with `pages` loaded; answers how many pages it fetched since. */
async function column(client: QueryClient, statusId: number, pages: number) {
  let fetched = 0;
  const observer = new InfiniteQueryObserver(client, {
    queryKey: [...boardColumnsKey(1, 2), statusId, { filter: {}, order: null }],
    queryFn: ({ pageParam }) => {
      fetched++;
      return Promise.resolve(page(pageParam));
    },
    initialPageParam: 1,
    getNextPageParam: (last: TApplicationPage) => (last.next_cursor ? last.current_page + 1 : undefined),
  });
  const unsubscribe = observer.subscribe(() => undefined);
  await observer.refetch();
  for (let i = 1; i < pages; i++) await observer.fetchNextPage();
  fetched = 0;
  return { fetched: () => fetched, unsubscribe, stale: () => observer.getCurrentResult().isStale };
}

describe('after one card moved on the board', () => {
  it('reloads the counts and first-page columns, but leaves a deep-scrolled column to reload when next opened', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
    const shallow = await column(client, 1, 1);
    const deep = await column(client, 2, 3);
    let counts = 0;
    const countsObserver = new QueryObserver(client, {
      queryKey: offerCountsKey(1, 2),
      queryFn: () => {
        counts++;
        return Promise.resolve({ statuses: [] });
      },
    });
    const stopCounts = countsObserver.subscribe(() => undefined);
    await countsObserver.refetch();
    counts = 0;

    await refreshAfterCardChange(client, 1, 2);

    expect(counts).toBe(1);
    expect(shallow.fetched()).toBe(1);
    // Three pages loaded: none fetched now, but stale (a remount or a focus reloads it).
    expect(deep.fetched()).toBe(0);
    expect(deep.stale()).toBe(true);
    for (const stop of [shallow.unsubscribe, deep.unsubscribe, stopCounts]) stop();
  });
});
