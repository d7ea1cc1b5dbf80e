import { useTranslation } from 'react-i18next';
import { LoginPage } from '../../features/auth/components/login-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { GuestOnly } from '../guards/guest-only.tsx';

export function LoginRoute() {
  const { t } = useTranslation(['login', 'errors']);
  useDocumentTitle(t('login:title'));
  return (
    <GuestOnly>
      <LoginPage />
    </GuestOnly>
  );
}
