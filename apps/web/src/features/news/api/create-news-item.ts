import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TNewsItem, TNewsItemInput } from '@embauche/contracts/news';
import { api } from '../../../lib/api-client.ts';
import { newsItemsKey } from './news-keys.ts';

/** `POST /superadmin/news`. */
export function createNewsItem(body: TNewsItemInput): Promise<TNewsItem> {
  return api.post<TNewsItem>('/superadmin/news', body);
}

export function useCreateNewsItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNewsItem,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: newsItemsKey }),
  });
}
