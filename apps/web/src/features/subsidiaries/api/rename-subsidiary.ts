import type { TSubsidiaryItem, TSubsidiaryRenameValues } from '@embauche/contracts/subsidiaries';
import { api } from '../../../lib/api-client.ts';
import { useSubsidiaryMutation } from './use-subsidiary-mutation.ts';

/** `PUT /config/subsidiaries/{id} {name}`. */
export function renameSubsidiary({ id, ...body }: TSubsidiaryRenameValues & { id: number }): Promise<TSubsidiaryItem> {
  return api.put<TSubsidiaryItem>(`/config/subsidiaries/${id}`, body);
}

export function useRenameSubsidiary() {
  return useSubsidiaryMutation(renameSubsidiary);
}
