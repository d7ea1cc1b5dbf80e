import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordPage } from '../../features/auth/components/forgot-password-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** `/forgot-password` (outside the signed-in layout, as /login); `?email=` fills the field. */
export function ForgotPasswordRoute() {
  const { t } = useTranslation(['login', 'errors']);
  const [params] = useSearchParams();
  useDocumentTitle(t('login:forgot.title'));
  return <ForgotPasswordPage defaultEmail={params.get('email') ?? ''} />;
}
