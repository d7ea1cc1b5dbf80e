import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { meQueryKey } from '../../features/auth/api/get-me.ts';
import { MyNotificationPreferences } from '../../features/notifications/components/my-notification-preferences.tsx';
import { MySignature } from '../../features/mail-models/components/my-signature.tsx';
import { Card } from '../../components/ui/card.tsx';
import { UserSettingsPage } from '../../features/user-profile/components/user-settings-page.tsx';
import { useCurrentUser } from '../session/use-current-user.ts';

export function UserSettingsRoute() {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const { t } = useTranslation(['notification_preferences', 'mail']);
  return (
    <UserSettingsPage
      twoFactorEnabled={me.two_factor_enabled}
      timeZone={me.time_zone}
      companyTimeZone={me.company_time_zone}
      actingAs={Boolean(me.acting_as)}
      notifications={
        <Card
          aria-label={t('notification_preferences:user.title')}
          title={t('notification_preferences:user.title')}
          description={t('notification_preferences:user.description')}
        >
          <MyNotificationPreferences />
        </Card>
      }
      signature={
        <Card
          aria-label={t('mail:signature.my_title')}
          title={t('mail:signature.my_title')}
          description={t('mail:signature.my_intro')}
        >
          <MySignature />
        </Card>
      }
      onUserChanged={() => void queryClient.invalidateQueries({ queryKey: meQueryKey })}
    />
  );
}
