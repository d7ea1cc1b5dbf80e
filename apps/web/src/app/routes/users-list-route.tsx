import { SsoSettingsButton } from '../../features/sso/components/sso-settings-button.tsx';
import { UsersPage } from '../../features/users/components/users-page.tsx';
import { canUser, useCurrentUser } from '../session/use-current-user.ts';

/**
 * `/config/users/list`, inside the config layout (config-routes.tsx guards it with `internal.users_list`);
 * with `config.account`, an "SSO" button above the list opens the company's SSO settings.
 */
export function UsersListRoute() {
  const me = useCurrentUser();
  return (
    <>
      {canUser(me, 'config.account') ? (
        <div className="flex justify-end px-4 pt-4 sm:px-6 sm:pt-6">
          <SsoSettingsButton />
        </div>
      ) : null}
      <UsersPage meId={me.id} />
    </>
  );
}
