import { useTranslation } from 'react-i18next';
import { SettingsQuery, SettingsSection } from '../../features/company-settings/components/settings-query.tsx';
import { useSmsSettings } from '../../features/sms/api/get-sms-settings.ts';
import { SmsSettingsForm } from '../../features/sms/components/sms-settings-form.tsx';

/**
 * `/config/account-infos/sms` (guarded with `config.account` and the SMS feature, issue 33): the
 * company's allowed SMS destination countries and daily cap, in a settings card.
 */
export function SmsSettingsRoute() {
  const { t } = useTranslation(['sms']);
  const settings = useSmsSettings();
  return (
    <SettingsQuery query={settings}>
      {(saved) => (
        <div className="flex flex-col gap-4 p-4 sm:p-6">
          <SettingsSection title={t('sms:settings.title')} description={t('sms:settings.intro')}>
            <SmsSettingsForm saved={saved} />
          </SettingsSection>
        </div>
      )}
    </SettingsQuery>
  );
}
