import type { TSubsidiaryCreateValues, TSubsidiaryItem } from '@embauche/contracts/subsidiaries';
import { api } from '../../../lib/api-client.ts';
import { useSubsidiaryMutation } from './use-subsidiary-mutation.ts';

/** `POST /config/subsidiaries {name, parent_id}`. */
export function createSubsidiary(body: TSubsidiaryCreateValues): Promise<TSubsidiaryItem> {
  return api.post<TSubsidiaryItem>('/config/subsidiaries', body);
}

export function useCreateSubsidiary() {
  return useSubsidiaryMutation(createSubsidiary);
}
