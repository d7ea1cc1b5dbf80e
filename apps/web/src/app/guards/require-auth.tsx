import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMe } from '../../features/auth/api/get-me.ts';
import { logout } from '../../features/auth/api/logout.ts';
import { errorStatus } from '../../lib/api-error.ts';
import { PreferenceUserContext } from '../../lib/user-preference.ts';
import { UserTimeZoneContext } from '../../lib/user-time-zone.ts';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { CurrentUserContext } from '../session/current-user-context.ts';

/** Spec 4: when the user fetch fails, sign out and go to /login?redirect=<the page asked for>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  const failedOtherwise = me.isError && errorStatus(me.error) !== 401;

  useEffect(() => {
    // A session that exists but cannot load its user is closed; a missing session needs nothing.
    if (failedOtherwise) logout().catch(() => undefined);
  }, [failedOtherwise]);

  if (me.isPending) return <LoadingScreen />;
  if (me.isError) {
    const target = `${location.pathname}${location.search}${location.hash}`;
    const search = target === '/' ? '' : `?redirect=${encodeURIComponent(target)}`;
    return <Navigate to={`/login${search}`} replace />;
  }
  return (
    <CurrentUserContext.Provider value={me.data}>
      <PreferenceUserContext.Provider value={me.data.id}>
        <UserTimeZoneContext.Provider value={me.data.time_zone ?? me.data.company_time_zone}>
          {children}
        </UserTimeZoneContext.Provider>
      </PreferenceUserContext.Provider>
    </CurrentUserContext.Provider>
  );
}
