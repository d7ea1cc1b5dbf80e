import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sharedKey, sharedPath } from './shared-query-keys.ts';

/**
 * Public `DELETE /api/shared/{token}/delete-comment {comment_id}`: a comment this link posted
 * (204). The id also goes in the query string, which a proxy never drops from a DELETE.
 */
export function deleteSharedComment(token: string, commentId: number): Promise<void> {
  return api.delete<void>(`${sharedPath(token)}/delete-comment?comment_id=${commentId}`, { comment_id: commentId });
}

export function useDeleteSharedComment(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => deleteSharedComment(token, commentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...sharedKey(token), 'feed'] }),
  });
}
