import { useContext } from 'react';
import { hasPermission } from '@embauche/contracts/permissions';
import type { TMe } from '@embauche/contracts/auth';
import { CurrentUserContext } from './current-user-context.ts';

/** The signed-in user; only valid under <RequireAuth>. */
export function useCurrentUser(): TMe {
  const me = useContext(CurrentUserContext);
  if (!me) throw new Error('useCurrentUser used outside <RequireAuth>');
  return me;
}

export function canUser(me: TMe, permission: string): boolean {
  return hasPermission(me.permissions, permission);
}

export function useCan(): (permission: string) => boolean {
  const me = useCurrentUser();
  return (permission) => canUser(me, permission);
}
