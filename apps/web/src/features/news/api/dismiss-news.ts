import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentNewsKey } from './get-current-news.ts';

/** `POST /news/{id}/dismiss`: the item never comes back for this user. */
export function dismissNews(id: number): Promise<void> {
  return api.post<void>(`/news/${id}/dismiss`);
}

/** Closed at once: the popup does not wait for the answer (a failure brings it back at the next load). */
export function useDismissNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissNews,
    onMutate: () => queryClient.setQueryData(currentNewsKey, null),
  });
}
