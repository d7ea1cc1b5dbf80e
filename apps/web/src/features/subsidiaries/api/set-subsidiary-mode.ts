import type { TSubsidiaryMode } from '@embauche/contracts/subsidiaries';
import { api } from '../../../lib/api-client.ts';
import { meKey } from './subsidiary-keys.ts';
import { useSubsidiaryMutation } from './use-subsidiary-mutation.ts';

/** `PUT /config/subsidiary-mode {subsidiary_mode}`: `/me` carries it, so it goes stale too. */
export function setSubsidiaryMode(body: TSubsidiaryMode): Promise<TSubsidiaryMode> {
  return api.put<TSubsidiaryMode>('/config/subsidiary-mode', body);
}

export function useSetSubsidiaryMode() {
  return useSubsidiaryMutation(setSubsidiaryMode, [meKey]);
}
