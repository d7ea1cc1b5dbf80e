import { api } from '../../../lib/api-client.ts';
import type { ActingFamily } from './acting-as-keys.ts';
import { useActingSwitch } from './use-acting-switch.ts';

/** `POST /{family}/reset` (back to one's own account) or `/reset-user` (back to the company). */
export function resetActing(family: ActingFamily, what: 'reset' | 'reset-user'): Promise<void> {
  return api.post<void>(`/${family}/${what}`);
}

export function useResetActing(family: ActingFamily) {
  return useActingSwitch((what: 'reset' | 'reset-user') => resetActing(family, what));
}
