import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { forgetQueries } from './forget-queries.ts';

function client() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

describe('forgetQueries', () => {
  it('removes an unobserved object and everything under its key at once', async () => {
    const queryClient = client();
    queryClient.setQueryData(['lists', 'detail', 1], { id: 1 });
    queryClient.setQueryData(['lists', 'detail', 1, 'applicants', '', 1], []);
    queryClient.setQueryData(['lists', 'detail', 2], { id: 2 });
    await forgetQueries(queryClient, [['lists', 'detail', 1]]);
    expect(queryClient.getQueryData(['lists', 'detail', 1])).toBeUndefined();
    expect(queryClient.getQueryData(['lists', 'detail', 1, 'applicants', '', 1])).toBeUndefined();
    expect(queryClient.getQueryData(['lists', 'detail', 2])).toEqual({ id: 2 });
  });

  it('waits for the screen showing it to let go, and never asks for it again', async () => {
    const queryClient = client();
    let fetches = 0;
    const queryFn = () => {
      fetches++;
      return Promise.resolve({ id: 1 });
    };
    queryClient.setQueryData(['lists', 'detail', 1], { id: 1 });
    const observer = new QueryObserver(queryClient, { queryKey: ['lists', 'detail', 1], queryFn, staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => undefined);
    let done = false;
    const forgotten = forgetQueries(queryClient, [['lists', 'detail', 1]]).then(() => (done = true));
    await Promise.resolve();
    // Still shown: kept (a screen re-rendering would otherwise create it afresh and fetch it).
    expect(done).toBe(false);
    expect(queryClient.getQueryData(['lists', 'detail', 1])).toEqual({ id: 1 });
    unsubscribe();
    await forgotten;
    expect(queryClient.getQueryCache().find({ queryKey: ['lists', 'detail', 1] })).toBeUndefined();
    expect(fetches).toBe(0);
  });

  it('removes it anyway after the timeout when something keeps observing it', async () => {
    const queryClient = client();
    queryClient.setQueryData(['lists', 'detail', 1], { id: 1 });
    const observer = new QueryObserver(queryClient, { queryKey: ['lists', 'detail', 1], queryFn: () => Promise.resolve({ id: 1 }), staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => undefined);
    await forgetQueries(queryClient, [['lists', 'detail', 1]], 20);
    expect(queryClient.getQueryCache().find({ queryKey: ['lists', 'detail', 1] })).toBeUndefined();
    unsubscribe();
  });
});
