import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type InviteMemberInput = { memberId: number; offerId: number };

/** `POST /community/members/{id}/invitations {offer_id}` → 204: an e-mail in the member's language with the offer's public link. */
export function inviteCommunityMember({ memberId, offerId }: InviteMemberInput): Promise<void> {
  return api.post<void>(`/community/members/${memberId}/invitations`, { offer_id: offerId });
}

export function useInviteCommunityMember() {
  return useMutation({ mutationFn: inviteCommunityMember });
}
