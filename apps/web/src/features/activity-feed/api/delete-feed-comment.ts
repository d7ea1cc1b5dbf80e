import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { feedBaseKey } from './feed-query-keys.ts';

/** `DELETE /activity-feed/{comment_id}`: the author's own comment, or any for an administrator (204). */
export function deleteFeedComment(commentId: number): Promise<void> {
  return api.delete<void>(`/activity-feed/${commentId}`);
}

export function useDeleteFeedComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFeedComment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedBaseKey }),
  });
}
