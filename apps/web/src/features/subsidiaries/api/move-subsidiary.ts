import type { TSubsidiaryItem, TSubsidiaryMove } from '@embauche/contracts/subsidiaries';
import { api } from '../../../lib/api-client.ts';
import { useSubsidiaryMutation } from './use-subsidiary-mutation.ts';

/** `PUT /config/subsidiaries/{id}/move {parent_id}` (`null`: to the top level). */
export function moveSubsidiary({ id, ...body }: TSubsidiaryMove & { id: number }): Promise<TSubsidiaryItem> {
  return api.put<TSubsidiaryItem>(`/config/subsidiaries/${id}/move`, body);
}

export function useMoveSubsidiary() {
  return useSubsidiaryMutation(moveSubsidiary);
}
