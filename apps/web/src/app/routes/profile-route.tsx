import { useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '../../features/auth/api/get-me.ts';
import { ProfilePage } from '../../features/user-profile/components/profile-page.tsx';
import { useCurrentUser } from '../session/use-current-user.ts';

export function ProfileRoute() {
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  return (
    <ProfilePage
      actingAs={Boolean(me.acting_as)}
      onSaved={() => void queryClient.invalidateQueries({ queryKey: meQueryKey })}
    />
  );
}
