import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOfferGroups } from '@embauche/contracts/groups';
import { api } from '../../../lib/api-client.ts';
import { offerGroupsBaseKey } from './get-offer-groups.ts';
import { offerUsersBaseKey } from './get-offer-users.ts';

export type OfferGroupInput = { offerId: number; groupId: number };

/** Grants the offer to a group: its members see the offer on their next request. */
export function grantOfferGroup({ offerId, groupId }: OfferGroupInput): Promise<TOfferGroups> {
  return api.put<TOfferGroups>(`/offer/${offerId}/groups/${groupId}`);
}

export function useGrantOfferGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantOfferGroup,
    onSuccess: async () => {
      // The users picker leaves out whoever reaches the offer, members of granted groups included.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: offerGroupsBaseKey }),
        queryClient.invalidateQueries({ queryKey: offerUsersBaseKey }),
      ]);
    },
  });
}
