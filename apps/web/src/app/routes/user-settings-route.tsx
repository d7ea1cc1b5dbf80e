import { useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '../../features/auth/api/get-me.ts';
import { UserSettingsPage } from '../../features/user-profile/components/user-settings-page.tsx';
import { useCurrentUser } from '../session/use-current-user.ts';

export function UserSettingsRoute() {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  return (
    <UserSettingsPage
      twoFactorEnabled={me.two_factor_enabled}
      actingAs={Boolean(me.acting_as)}
      onUserChanged={() => void queryClient.invalidateQueries({ queryKey: meQueryKey })}
    />
  );
}
