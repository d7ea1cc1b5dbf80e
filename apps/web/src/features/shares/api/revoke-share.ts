import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sharesBaseKey } from './share-query-keys.ts';

/** `DELETE /applicants/{id}/shares/{share_id}`: the link stops working at once (204). */
export function revokeShare(applicantId: number, shareId: number): Promise<void> {
  return api.delete<void>(`/applicants/${applicantId}/shares/${shareId}`);
}

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicantId, shareId }: { applicantId: number; shareId: number }) => revokeShare(applicantId, shareId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharesBaseKey }),
  });
}
