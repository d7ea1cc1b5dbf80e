import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMailing } from '@embauche/contracts/mailings';
import { api } from '../../../lib/api-client.ts';
import { mailingKey } from './mailings-keys.ts';

/** `DELETE /mailings/{id}`: the recipients not yet written to are skipped (`cancelled`); 409 once over. */
export function cancelMailing(id: number): Promise<TMailing> {
  return api.delete<TMailing>(`/mailings/${id}`);
}

export function useCancelMailing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelMailing,
    onSuccess: (mailing) => queryClient.setQueryData(mailingKey(mailing.id), mailing),
    // A 409 (it ended meanwhile): the progress is read again.
    onError: (_error, id) => void queryClient.invalidateQueries({ queryKey: mailingKey(id) }),
  });
}
