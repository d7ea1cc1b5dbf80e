import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../features/auth/api/get-me.ts';
import { safeRedirect } from '../../lib/redirect.ts';
import { toLanguage } from '../../lib/language.ts';
import { LoadingScreen } from '../components/loading-screen.tsx';

/**
 * Spec 4 Login: a signed-in user is sent to `redirect` (default /) in their saved language.
 * The user check here is a single quiet attempt (no retries): a 401 simply shows the page.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const location = useLocation();
  // Right after signing out the session may still answer (if the logout call failed): stay here.
  const signedOut = Boolean((location.state as { signedOut?: boolean } | null)?.signedOut);
  const me = useMe({ retry: false, enabled: !signedOut });
  const [params] = useSearchParams();
  const { i18n } = useTranslation();
  const saved = me.data?.language;

  useEffect(() => {
    if (saved && toLanguage(i18n.resolvedLanguage ?? i18n.language) !== saved) void i18n.changeLanguage(saved);
  }, [saved, i18n]);

  if (me.data) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  if (me.isPending && me.fetchStatus === 'fetching') return <LoadingScreen />;
  return <>{children}</>;
}
