import type { TSubsidiaryArchive, TSubsidiaryItem } from '@embauche/contracts/subsidiaries';
import { api } from '../../../lib/api-client.ts';
import { useSubsidiaryMutation } from './use-subsidiary-mutation.ts';

/** `PUT /config/subsidiaries/{id}/archive {archived}`: archived, it leaves the pickers. */
export function archiveSubsidiary({ id, ...body }: TSubsidiaryArchive & { id: number }): Promise<TSubsidiaryItem> {
  return api.put<TSubsidiaryItem>(`/config/subsidiaries/${id}/archive`, body);
}

export function useArchiveSubsidiary() {
  return useSubsidiaryMutation(archiveSubsidiary);
}
