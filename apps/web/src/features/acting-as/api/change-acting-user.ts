import { api } from '../../../lib/api-client.ts';
import { ACTING_PATHS, type ActingFamily } from './acting-as-keys.ts';
import { useActingSwitch } from './use-acting-switch.ts';

/** `PUT /superadmin/change_user` or `/partner/change-user` {user_id} (204, new session). */
export function changeActingUser(family: ActingFamily, userId: number): Promise<void> {
  return api.put<void>(ACTING_PATHS[family].changeUser, { user_id: userId });
}

export function useChangeActingUser(family: ActingFamily) {
  return useActingSwitch((userId: number) => changeActingUser(family, userId));
}
