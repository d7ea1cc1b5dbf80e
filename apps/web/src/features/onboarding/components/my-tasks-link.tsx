import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListTodo } from 'lucide-react';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { useMyOnboardingTasks } from '../api/get-my-onboarding-tasks.ts';

/**
 * The dashboard's way to "my onboarding tasks" (issue 41): shown once the user owns an open task,
 * with or without onboarding.access (a task's owner is not always in the onboarding area).
 */
export function MyTasksLink() {
  const open = useMyOnboardingTasks({ page: 1, done: false });
  const count = open.data?.total ?? 0;
  // The translations are fetched only for users who have tasks.
  return count > 0 ? <TasksLink count={count} /> : null;
}

function TasksLink({ count }: { count: number }) {
  const { t } = useTranslation('onboarding');
  return (
    <Link to="/onboarding/my-tasks" className={buttonVariants({ variant: 'outline' })}>
      <ListTodo aria-hidden="true" />
      {t('onboarding:my_tasks.dashboard_link')}
      <span className="rounded-full bg-brand-100 px-2 text-xs font-semibold text-brand-800">{count}</span>
    </Link>
  );
}
