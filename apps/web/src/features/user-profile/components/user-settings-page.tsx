import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { InvalidateSessionsForm } from './invalidate-sessions-form.tsx';
import { LanguageSettings } from './language-settings.tsx';
import { TimeZoneSettings } from './time-zone-settings.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

type Props = {
  twoFactorEnabled: boolean;
  /** The user's own time zone (null: the company's) and the company's. */
  timeZone: string | null;
  companyTimeZone: string;
  onUserChanged: () => void;
  /** The session acts as someone: the credentials are only their owner's to change (issue 33). */
  actingAs?: boolean;
  /** The notification preferences' section (another feature's, composed by the route). */
  notifications?: ReactNode;
  /** The user's own e-mail signature's section (the e-mail models' feature, composed by the route). */
  signature?: ReactNode;
};

export function UserSettingsPage({
  twoFactorEnabled,
  timeZone,
  companyTimeZone,
  onUserChanged,
  actingAs = false,
  notifications,
  signature,
}: Props) {
  const { t } = useTranslation('user_config');
  const credentials = actingAs ? (
    <Card title={t('user_config:acting_as.title')}>
      <p className="flex items-start gap-2 text-sm text-slate-700">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
        {t('user_config:acting_as.explanation')}
      </p>
    </Card>
  ) : (
    <>
      <Card
        title={t('user_config:password.title')}
        description={t('user_config:password.description')}
      >
        <ChangePasswordForm />
      </Card>
      <Card
        title={t('user_config:two_factor.title')}
        description={t('user_config:two_factor.description')}
      >
        <TwoFactorSection enabled={twoFactorEnabled} onChanged={onUserChanged} />
      </Card>
      <Card
        title={t('user_config:sessions.title')}
        description={t('user_config:sessions.description')}
      >
        <InvalidateSessionsForm />
      </Card>
    </>
  );
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader title={t('user_config:title')} />
      <Card
        title={t('user_config:language.title')}
        description={t('user_config:language.description')}
      >
        <LanguageSettings onSaved={onUserChanged} />
      </Card>
      <Card
        aria-label={t('user_config:time_zone.title')}
        title={t('user_config:time_zone.title')}
        description={t('user_config:time_zone.description')}
      >
        <TimeZoneSettings
          timeZone={timeZone}
          companyTimeZone={companyTimeZone}
          onSaved={onUserChanged}
        />
      </Card>
      {notifications}
      {signature}
      {credentials}
    </div>
  );
}
