import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { NEWS_PAGE_SIZE, type TNewsItemPage } from '@embauche/contracts/news';
import { api } from '../../../lib/api-client.ts';
import { newsItemsKey } from './news-keys.ts';

/** `GET /superadmin/news?page&per_page`: one page of the items, the latest start first. */
export function getNewsItems(page: number, signal?: AbortSignal): Promise<TNewsItemPage> {
  return api.get<TNewsItemPage>('/superadmin/news', {
    query: { page, per_page: NEWS_PAGE_SIZE },
    signal,
  });
}

export function newsItemsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...newsItemsKey, 'pages', page] as const,
    queryFn: ({ signal }) => getNewsItems(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useNewsItems(page: number) {
  return useQuery(newsItemsQueryOptions(page));
}
