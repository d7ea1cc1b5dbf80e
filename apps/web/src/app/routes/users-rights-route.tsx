import { useQueryClient } from '@tanstack/react-query';
import { RightsPage } from '../../features/roles/components/rights-page.tsx';
import { userChoicesKey } from '../../features/users/api/user-keys.ts';

/**
 * `/config/users/rights`, inside the config layout (config-routes.tsx guards it with
 * `internal.users_rights`). The users page's role choices are read again once the tree changes.
 */
export function UsersRightsRoute() {
  const queryClient = useQueryClient();
  return <RightsPage onRolesChanged={() => void queryClient.invalidateQueries({ queryKey: userChoicesKey })} />;
}
