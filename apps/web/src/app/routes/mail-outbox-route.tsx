import { hasPermission } from '@embauche/contracts/permissions';
import { MailOutboxPage } from '../../features/mail-outbox/components/mail-outbox-page.tsx';
import { RequirePermission } from '../guards/require-permission.tsx';

/** `/dev/mail-outbox`: development only (the API answers 404 in production), for administrators. */
export function MailOutboxRoute() {
  return (
    <RequirePermission allowed={(me) => hasPermission(me.permissions, 'config.access')}>
      <MailOutboxPage />
    </RequirePermission>
  );
}
