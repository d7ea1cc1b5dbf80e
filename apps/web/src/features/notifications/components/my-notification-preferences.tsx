import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useMyNotificationPreferences } from '../api/get-my-notification-preferences.ts';
import { MyNotificationPreferencesForm } from './my-notification-preferences-form.tsx';

/** The user settings' notification preferences: loaded, then the form (or an error with a retry). */
export function MyNotificationPreferences() {
  const { t } = useTranslation('notification_preferences');
  const query = useMyNotificationPreferences();
  if (query.isPending)
    return <Spinner className="min-h-24" label={t('notification_preferences:loading')} />;
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="text-sm text-red-700">{t('notification_preferences:error')}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t('notification_preferences:retry')}
        </Button>
      </div>
    );
  }
  return <MyNotificationPreferencesForm saved={query.data} />;
}
