import { hasPermission } from '@embauche/contracts/permissions';
import { SmsOutboxPage } from '../../features/sms-outbox/components/sms-outbox-page.tsx';
import { RequirePermission } from '../guards/require-permission.tsx';

/** `/dev/sms-outbox`: development only (the API answers 404 unless `SMS_PROVIDER=outbox`), with the SMS feature and permission. */
export function SmsOutboxRoute() {
  return (
    <RequirePermission allowed={(me) => me.features.includes('SMS') && hasPermission(me.permissions, 'project_application.sms')}>
      <SmsOutboxPage />
    </RequirePermission>
  );
}
