import { api } from '../../../lib/api-client.ts';
import { useActingSwitch } from './use-acting-switch.ts';

/** `PUT /partner/change-role` {role_id} (204, new session). */
export function changeActingRole(roleId: number): Promise<void> {
  return api.put<void>('/partner/change-role', { role_id: roleId });
}

export function useChangeActingRole() {
  return useActingSwitch(changeActingRole);
}
