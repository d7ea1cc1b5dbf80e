import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client.ts';

export function logout(): Promise<void> {
  return api.post<void>('/logout');
}

/** Spec 4: logout always ends at /login with an empty cache, even when the call fails. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      // Leave the authenticated pages first so that nothing refetches the cleared user.
      void navigate('/login', { replace: true, state: { signedOut: true } });
      queryClient.clear();
    },
  });
}
