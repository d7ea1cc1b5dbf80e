import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { InvalidateSessionsForm } from './invalidate-sessions-form.tsx';
import { LanguageSettings } from './language-settings.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

type Props = { twoFactorEnabled: boolean; onUserChanged: () => void };

export function UserSettingsPage({ twoFactorEnabled, onUserChanged }: Props) {
  const { t } = useTranslation('user_config');
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader title={t('user_config:title')} />
      <Card title={t('user_config:language.title')} description={t('user_config:language.description')}>
        <LanguageSettings onSaved={onUserChanged} />
      </Card>
      <Card title={t('user_config:password.title')} description={t('user_config:password.description')}>
        <ChangePasswordForm />
      </Card>
      <Card title={t('user_config:two_factor.title')} description={t('user_config:two_factor.description')}>
        <TwoFactorSection enabled={twoFactorEnabled} onChanged={onUserChanged} />
      </Card>
      <Card title={t('user_config:sessions.title')} description={t('user_config:sessions.description')}>
        <InvalidateSessionsForm />
      </Card>
    </div>
  );
}
