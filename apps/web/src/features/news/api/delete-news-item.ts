import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { newsItemsKey } from './news-keys.ts';

/** `DELETE /superadmin/news/{id}`: the item and who closed it. */
export function deleteNewsItem(id: number): Promise<void> {
  return api.delete<void>(`/superadmin/news/${id}`);
}

export function useDeleteNewsItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNewsItem,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: newsItemsKey }),
  });
}
