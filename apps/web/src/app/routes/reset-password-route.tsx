import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ResetPasswordPage } from '../../features/auth/components/reset-password-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** `/reset-password?token=…`, the page a reset e-mail opens (outside the signed-in layout). */
export function ResetPasswordRoute() {
  const { t } = useTranslation(['login', 'errors']);
  const [params] = useSearchParams();
  useDocumentTitle(t('login:reset.title'));
  return <ResetPasswordPage token={params.get('token') ?? ''} />;
}
