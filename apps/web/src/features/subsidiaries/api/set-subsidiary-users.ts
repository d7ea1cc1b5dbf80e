import { api } from '../../../lib/api-client.ts';
import { useSubsidiaryMutation } from './use-subsidiary-mutation.ts';

/** `PUT /config/subsidiaries/{id}/users {user_ids}`: exactly these users are attached to it. */
export function setSubsidiaryUsers({ id, user_ids }: { id: number; user_ids: number[] }): Promise<void> {
  return api.put<void>(`/config/subsidiaries/${id}/users`, { user_ids });
}

export function useSetSubsidiaryUsers() {
  return useSubsidiaryMutation(setSubsidiaryUsers);
}
