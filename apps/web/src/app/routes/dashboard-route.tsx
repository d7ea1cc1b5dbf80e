import { Link } from 'react-router';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '../../components/ui/button.tsx';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';
import { useCan, useCurrentUser } from '../session/use-current-user.ts';

export function DashboardRoute() {
  const me = useCurrentUser();
  const can = useCan();
  const { t } = useTranslation('application');
  return (
    <div className="flex flex-col gap-4">
      {can('project_application.see') ? (
        <div className="flex justify-end">
          <Link to="/treatment" className={buttonVariants({ variant: 'outline' })}>
            <Inbox aria-hidden="true" />
            {t('application:treatment.dashboard_link')}
          </Link>
        </div>
      ) : null}
      <DashboardPage firstname={me.firstname} />
    </div>
  );
}
