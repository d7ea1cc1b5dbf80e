import { UsersPage } from '../../features/users/components/users-page.tsx';
import { useCurrentUser } from '../session/use-current-user.ts';

/** `/config/users/list`, inside the config layout (config-routes.tsx guards it with `internal.users_list`). */
export function UsersListRoute() {
  const me = useCurrentUser();
  return <UsersPage meId={me.id} />;
}
