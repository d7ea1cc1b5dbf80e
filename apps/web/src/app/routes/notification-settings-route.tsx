import { useTranslation } from 'react-i18next';
import {
  SettingsQuery,
  SettingsSection,
} from '../../features/company-settings/components/settings-query.tsx';
import { useNotificationSettings } from '../../features/notifications/api/get-notification-settings.ts';
import { CompanyNotificationSettingsForm } from '../../features/notifications/components/company-notification-settings-form.tsx';

/**
 * `/config/notifications` (`config.notifications`, issue 38 part 4): the company's default
 * notifications, in the app and by e-mail, and the digest, in a settings card.
 */
export function NotificationSettingsRoute() {
  const { t } = useTranslation(['notification_preferences']);
  const settings = useNotificationSettings();
  return (
    <SettingsQuery query={settings}>
      {(saved) => (
        <div className="flex flex-col gap-4 p-4 sm:p-6">
          <SettingsSection
            title={t('notification_preferences:company.title')}
            description={t('notification_preferences:company.intro')}
          >
            <CompanyNotificationSettingsForm saved={saved} />
          </SettingsSection>
        </div>
      )}
    </SettingsQuery>
  );
}
