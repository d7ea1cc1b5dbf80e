import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUserSummary } from '@embauche/contracts/projects';
import { api } from '../../../lib/api-client.ts';
import { offerUsersBaseKey } from './get-offer-users.ts';

export type UpdateOfferUsersInput = { offerId: number; usersIds: number[] };

/** Replaces the users granted the offer directly. */
export function updateOfferUsers({ offerId, usersIds }: UpdateOfferUsersInput): Promise<TUserSummary[]> {
  return api.put<TUserSummary[]>(`/offer/${offerId}/users-with-offer-access`, { users_ids: usersIds });
}

export function useUpdateOfferUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOfferUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerUsersBaseKey }),
  });
}
