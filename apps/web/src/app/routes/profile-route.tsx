import { useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '../../features/auth/api/get-me.ts';
import { ProfilePage } from '../../features/user-profile/components/profile-page.tsx';

export function ProfileRoute() {
  const queryClient = useQueryClient();
  return <ProfilePage onSaved={() => void queryClient.invalidateQueries({ queryKey: meQueryKey })} />;
}
