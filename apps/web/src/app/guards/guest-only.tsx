import { use, useContext, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { meQueryOptions } from '../../features/auth/api/get-me.ts';
import { safeRedirect } from '../../lib/redirect.ts';
import { toLanguage } from '../../lib/language.ts';
import { ScreenLoaderContext } from '../session/screen-loader-context.ts';

/**
 * Spec 4 Login: a signed-in user is sent to `redirect` (default /) in their saved language.
 *
 * Spec 7 "GET /me (skipped on the login path)": this guard never calls /me. The session cookie is
 * HttpOnly, so the page cannot tell a visitor from a signed-in user without asking the server, and
 * asking would answer every visitor with a 401 (a console error on each visit). So the guard only
 * reads the user the app already holds:
 * - after a successful sign-in the login page fetches /me, the guard sees it and navigates on;
 * - a signed-in user who reaches /login inside the app (back button, a link) is sent on at once;
 * - a signed-in user who opens /login by a fresh page load sees the form; signing in again is harmless.
 * We deliberately add no JavaScript-readable "signed-in" hint (cookie or storage): it would leak
 * session state to any script on the page and could lie about it anyway.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const location = useLocation();
  // Right after signing out a page still mounted may refetch the user (a failed logout leaves the
  // session alive): stay here. The login page clears this state once the user signs in again.
  const signedOut = Boolean((location.state as { signedOut?: boolean } | null)?.signedOut);
  // A cache-only observer: it reflects the user once known and never fetches it.
  const me = useQuery({ ...meQueryOptions(), enabled: false });
  const [params] = useSearchParams();
  const { i18n } = useTranslation();
  const user = signedOut ? undefined : me.data;
  const saved = user?.language;

  useEffect(() => {
    if (saved && toLanguage(i18n.resolvedLanguage ?? i18n.language) !== saved) void i18n.changeLanguage(saved);
  }, [saved, i18n]);

  if (user) return <GoOnWhenReady to={safeRedirect(params.get('redirect'))} />;
  return <>{children}</>;
}

/**
 * Leaves the login page once the next page's code is here: the loading screen shows meanwhile,
 * rather than a login page that looks stuck after a successful sign-in.
 */
function GoOnWhenReady({ to }: { to: string }) {
  const loadScreen = useContext(ScreenLoaderContext);
  use(loadScreen(to.split(/[?#]/)[0] ?? '/'));
  return <Navigate to={to} replace />;
}
