import { GroupsPage } from '../../features/groups/components/groups-page.tsx';

/** `/config/users/groups`, inside the config layout (config-routes.tsx guards it with `internal.users_groups`). */
export function UsersGroupsRoute() {
  return <GroupsPage />;
}
