import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { parseAsInteger, parseAsStringLiteral, useQueryStates } from 'nuqs';
import { ListTodo } from 'lucide-react';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedListStates } from '../../../components/paged-list-states.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useMyOnboardingTasks } from '../api/get-my-onboarding-tasks.ts';
import { hireName } from '../lib/labels.ts';
import { TaskItem } from './task-item.tsx';

const SHOW = ['open', 'done', 'all'] as const;

export const myTasksParsers = {
  show: parseAsStringLiteral(SHOW).withDefault('open'),
  page: parseAsInteger.withDefault(1),
};

/**
 * `/onboarding/my-tasks` (any signed-in user): the onboarding tasks the user owns across new
 * hires, open first by due date; each ticked or commented here, the new hire's page a link away.
 * A task's owner without onboarding.access reaches it from the overdue notification and the
 * dashboard's link (docs/onboarding.md).
 */
export function MyTasksPage({ canManage }: { canManage: boolean }) {
  const { t, i18n } = useTranslation(['onboarding', 'common']);
  const id = useId();
  const [params, setParams] = useQueryStates(myTasksParsers);
  const tasks = useMyOnboardingTasks({
    page: params.page,
    done: params.show === 'all' ? null : params.show === 'done',
  });
  return (
    <div className="flex min-w-0 flex-col gap-4">
      {canManage ? (
        <Link to="/onboarding" className="self-start text-sm text-brand-700 underline-offset-2 hover:underline focus-visible:underline">
          {t('onboarding:detail.back')}
        </Link>
      ) : null}
      <PageHeader title={t('onboarding:my_tasks.title')} subtitle={t('onboarding:my_tasks.subtitle')} />
      <div className="flex min-w-0 flex-col gap-1.5 sm:w-64">
        <label htmlFor={`${id}-show`} className="text-sm font-medium text-slate-800">
          {t('onboarding:my_tasks.show')}
        </label>
        <Select
          id={`${id}-show`}
          value={params.show}
          onChange={(e) => void setParams({ show: e.target.value === 'open' ? null : (e.target.value as (typeof SHOW)[number]), page: null })}
        >
          {SHOW.map((value) => (
            <option key={value} value={value}>
              {t(`onboarding:my_tasks.${value}`)}
            </option>
          ))}
        </Select>
      </div>
      <PagedListStates
        query={tasks}
        error={t('onboarding:my_tasks.error')}
        retry={t('onboarding:retry')}
        empty={{ icon: ListTodo, title: t('onboarding:my_tasks.empty') }}
        total={(count) => t('onboarding:my_tasks.total', { count })}
        onPage={(page) => void setParams({ page: page === 1 ? null : page })}
      >
        {(rows) => (
          <ul className="flex flex-col gap-2" aria-label={t('onboarding:my_tasks.label')}>
            {rows.map((task) => (
              <TaskItem
                key={task.id}
                task={task}
                canManage={canManage}
                context={
                  <p className="text-xs text-slate-600">
                    <Link
                      to={`/onboarding/${task.onboarding.id}`}
                      className="font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:underline"
                    >
                      {hireName(task.onboarding.applicant)}
                    </Link>
                    {task.onboarding.offer_title ? ` · ${task.onboarding.offer_title}` : ''}
                    {' · '}
                    {t('onboarding:list.starts', { date: formatDate(task.onboarding.start_date, 'date', i18n.language) })}
                  </p>
                }
              />
            ))}
          </ul>
        )}
      </PagedListStates>
    </div>
  );
}
