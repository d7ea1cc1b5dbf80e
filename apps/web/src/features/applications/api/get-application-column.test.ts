import { QueryClient, type InfiniteData, type Query } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applicationColumnQueryOptions, nextColumnPage, trimStaleColumn } from './get-application-column.ts';

const page = (current_page: number, last_page: number, next_cursor?: string | null) => ({ data: [], current_page, last_page, per_page: 50, total: 120, next_cursor });

describe('a board column’s next page', () => {
  it('starts after the cursor the server gave, the page number only echoed', () => {
    expect(nextColumnPage(page(1, 3, 'abc'))).toEqual({ page: 2, cursor: 'abc' });
  });
  it('stops when the server says the column is read (a null cursor), whatever the page numbers say', () => {
    expect(nextColumnPage(page(2, 3, null))).toBeUndefined();
  });
  it('goes by page number with a server that gives no cursor', () => {
    expect(nextColumnPage(page(1, 3))).toEqual({ page: 2, cursor: null });
    expect(nextColumnPage(page(3, 3))).toBeUndefined();
  });
});

describe('a deep board column gone stale', () => {
  const key = ['applications', 'column-test'] as const;
  type Data = InfiniteData<ReturnType<typeof page>, { page: number; cursor: string | null }>;
  const threePages = (): Data => ({
    pages: [page(1, 3, 'a'), page(2, 3, 'b'), page(3, 3, null)],
    pageParams: [{ page: 1, cursor: null }, { page: 2, cursor: 'a' }, { page: 3, cursor: 'b' }],
  });

  it('reopens from its first page only, and that page reloads', async () => {
    const client = new QueryClient();
    client.setQueryData(key, threePages());
    await client.invalidateQueries({ queryKey: key, refetchType: 'none' });
    trimStaleColumn(client, key);
    const data = client.getQueryData<Data>(key)!;
    expect(data.pages.map((p) => p.current_page)).toEqual([1]);
    expect(data.pageParams).toEqual([{ page: 1, cursor: null }]);
    expect(client.getQueryCache().find({ queryKey: key })!.isStale()).toBe(true);
  });

  it('keeps every page it loaded while fresh', () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    client.setQueryData(key, threePages());
    trimStaleColumn(client, key);
    expect(client.getQueryData<Data>(key)!.pages).toHaveLength(3);
  });

  it('does not reload every page on window focus (a first-page column does)', () => {
    const refetchOnFocus = applicationColumnQueryOptions(1, 2, 3, {}, null).refetchOnWindowFocus as unknown as (query: Query) => boolean;
    const client = new QueryClient();
    client.setQueryData(key, threePages());
    expect(refetchOnFocus(client.getQueryCache().find({ queryKey: key })!)).toBe(false);
    client.setQueryData(key, { pages: [page(1, 3, 'a')], pageParams: [{ page: 1, cursor: null }] });
    expect(refetchOnFocus(client.getQueryCache().find({ queryKey: key })!)).toBe(true);
  });
});
