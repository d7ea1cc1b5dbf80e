import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CalendarClock, MessageSquare, UserRoundCog } from 'lucide-react';
import type { TOnboardingTask } from '@embauche/contracts/onboarding';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useUpdateOnboardingTask } from '../api/update-onboarding-task.ts';
import { CommentsDialog, DueDateDialog, ReassignDialog } from './task-dialogs.tsx';

type Task = Omit<TOnboardingTask, 'comments'> & { comments?: TOnboardingTask['comments']; comment_count?: number };

type Props = {
  task: Task;
  /** Reassign and move the due date (onboarding.access); a task's owner only ticks and comments. */
  canManage: boolean;
  /** A line above the title (the new hire, in "my tasks"). */
  context?: ReactNode;
};

/** A checklist line: ticked by its checkbox (named by the task), its owner and due date, its comments. */
export function TaskItem({ task, canManage, context }: Props) {
  const { t, i18n } = useTranslation('onboarding');
  const update = useUpdateOnboardingTask();
  const errorMessage = useApiErrorMessage();
  const [dialog, setDialog] = useState<'reassign' | 'due' | 'comments' | null>(null);
  // The tick shows at once; the server's answer (or a failure) puts the task's own state back.
  const [ticked, setTicked] = useState<boolean | null>(null);
  const [shownDone, setShownDone] = useState(task.done);
  if (shownDone !== task.done) {
    setShownDone(task.done);
    setTicked(null);
  }
  const comments = task.comments?.length ?? task.comment_count ?? 0;
  const tick = (done: boolean) => {
    setTicked(done);
    update.mutate(
      { id: task.id, done },
      {
        onSuccess: () => toast.success(t(done ? 'onboarding:task.ticked' : 'onboarding:task.unticked', { name: task.title })),
        onError: (error) => {
          setTicked(null);
          toast.error(errorMessage(error));
        },
      },
    );
  };
  const done = ticked ?? task.done;
  return (
    <li className="flex min-w-0 flex-wrap items-start gap-x-3 gap-y-2 rounded-lg border border-slate-200 bg-white p-3 sm:flex-nowrap">
      <Checkbox
        className="mt-1 shrink-0"
        aria-label={t('onboarding:task.done_label', { name: task.title })}
        checked={done}
        disabled={update.isPending}
        onChange={(e) => tick(e.target.checked)}
      />
      <div className="min-w-0 flex-1 basis-48">
        {context}
        <p className={`break-words font-medium ${done ? 'text-slate-500 line-through' : 'text-slate-900'}`}>{task.title}</p>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-700">
          <Badge>{t(`onboarding:kinds.${task.kind}`)}</Badge>
          <span>{task.owner ? t('onboarding:task.owned_by', { name: task.owner.name }) : t('onboarding:task.no_owner')}</span>
          <span className={task.overdue ? 'font-medium text-red-700' : undefined}>
            {t(task.overdue ? 'onboarding:task.overdue_since' : 'onboarding:task.due_on', {
              date: formatDate(task.due_date, 'date', i18n.language),
            })}
          </span>
          {task.done && task.done_at ? (
            <span>
              {t('onboarding:task.done_on', {
                date: formatDate(task.done_at, 'date', i18n.language),
                name: task.done_by?.name ?? t('onboarding:task.someone'),
              })}
            </span>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-1">
        <Button variant="ghost" size="sm" aria-label={t('onboarding:task.comments_label', { name: task.title, count: comments })} onClick={() => setDialog('comments')}>
          <MessageSquare aria-hidden="true" />
          <span aria-hidden="true">{comments}</span>
        </Button>
        {canManage ? (
          <>
            <Button variant="ghost" size="sm" aria-label={t('onboarding:task.reassign_label', { name: task.title })} onClick={() => setDialog('reassign')}>
              <UserRoundCog aria-hidden="true" />
            </Button>
            <Button variant="ghost" size="sm" aria-label={t('onboarding:task.due_label', { name: task.title })} onClick={() => setDialog('due')}>
              <CalendarClock aria-hidden="true" />
            </Button>
          </>
        ) : null}
      </div>
      {dialog === 'reassign' ? <ReassignDialog task={task} onClose={() => setDialog(null)} /> : null}
      {dialog === 'due' ? <DueDateDialog task={task} onClose={() => setDialog(null)} /> : null}
      {dialog === 'comments' ? <CommentsDialog task={task} onClose={() => setDialog(null)} /> : null}
    </li>
  );
}
