import { Link } from 'react-router';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '../../components/ui/button.tsx';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';
import { lazy, Suspense } from 'react';
import { useCan, useCurrentUser } from '../session/use-current-user.ts';

// Its code and calls come after the dashboard's own (and outside the entry's table of chunks).
const MyTasksLink = lazy(() =>
  import('../../features/onboarding/components/my-tasks-link.tsx').then((m) => ({ default: m.MyTasksLink })),
);

export function DashboardRoute() {
  const me = useCurrentUser();
  const can = useCan();
  const { t } = useTranslation('application');
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap justify-end gap-2 empty:hidden">
        {/* Issue 41: a task's owner finds their onboarding tasks here. */}
        <Suspense fallback={null}>
          <MyTasksLink />
        </Suspense>
        {can('project_application.see') ? (
          <Link to="/treatment" className={buttonVariants({ variant: 'outline' })}>
            <Inbox aria-hidden="true" />
            {t('application:treatment.dashboard_link')}
          </Link>
        ) : null}
      </div>
      <DashboardPage firstname={me.firstname} />
    </div>
  );
}
