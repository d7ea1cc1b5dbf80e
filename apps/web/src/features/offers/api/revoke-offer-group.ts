import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { OfferGroupInput } from './grant-offer-group.ts';
import { offerGroupsBaseKey } from './get-offer-groups.ts';
import { offerUsersBaseKey } from './get-offer-users.ts';

/** Takes the offer back from a group: its members lose it unless granted otherwise. */
export function revokeOfferGroup({ offerId, groupId }: OfferGroupInput): Promise<void> {
  return api.delete<void>(`/offer/${offerId}/groups/${groupId}`);
}

export function useRevokeOfferGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOfferGroup,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: offerGroupsBaseKey }),
        queryClient.invalidateQueries({ queryKey: offerUsersBaseKey }),
      ]);
    },
  });
}
