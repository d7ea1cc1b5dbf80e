import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TNewsItem, TNewsItemInput } from '@embauche/contracts/news';
import { api } from '../../../lib/api-client.ts';
import { newsItemsKey } from './news-keys.ts';

/** `PUT /superadmin/news/{id}`: the item becomes exactly this (its dismissals stay). */
export function updateNewsItem({
  id,
  ...body
}: TNewsItemInput & { id: number }): Promise<TNewsItem> {
  return api.put<TNewsItem>(`/superadmin/news/${id}`, body);
}

export function useUpdateNewsItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNewsItem,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: newsItemsKey }),
  });
}
