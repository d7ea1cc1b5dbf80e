import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ZOnboardingCommentInput, type TOnboardingCommentInput, type TOnboardingTask } from '@embauche/contracts/onboarding';
import { Button } from '../../../components/ui/button.tsx';
import { DatePicker } from '../../../components/ui/date-picker.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useCommentOnboardingTask } from '../api/comment-onboarding-task.ts';
import type { OnboardingUser } from '../api/search-onboarding-users.ts';
import { useUpdateOnboardingTask } from '../api/update-onboarding-task.ts';
import { UserPicker } from './user-picker.tsx';

type Task = Pick<TOnboardingTask, 'id' | 'title' | 'owner' | 'due_date'> & { comments?: TOnboardingTask['comments'] };

function Actions({ onClose, pending, label }: { onClose: () => void; pending: boolean; label: string }) {
  const { t } = useTranslation('onboarding');
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button type="button" variant="outline" onClick={onClose}>
        {t('onboarding:cancel')}
      </Button>
      <Button type="submit" disabled={pending}>
        {label}
      </Button>
    </div>
  );
}

/** Gives a task to another person of the company. */
export function ReassignDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const { t } = useTranslation('onboarding');
  const update = useUpdateOnboardingTask();
  const errorMessage = useApiErrorMessage();
  const [owner, setOwner] = useState<OnboardingUser | null>(task.owner);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={t('onboarding:task.reassign_title', { name: task.title })}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!owner) return;
          update.mutate(
            { id: task.id, owner_user_id: owner.id },
            {
              onSuccess: () => {
                toast.success(t('onboarding:task.reassigned', { name: owner.name }));
                onClose();
              },
              onError: (error) => toast.error(errorMessage(error)),
            },
          );
        }}
      >
        <UserPicker label={t('onboarding:task.owner')} required value={owner?.id ?? null} current={task.owner} onChange={setOwner} />
        <Actions onClose={onClose} pending={update.isPending || !owner} label={t('onboarding:task.reassign')} />
      </form>
    </Dialog>
  );
}

/** Moves a task's due date. */
export function DueDateDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const { t, i18n } = useTranslation('onboarding');
  const update = useUpdateOnboardingTask();
  const errorMessage = useApiErrorMessage();
  const [due, setDue] = useState<string | null>(task.due_date);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={t('onboarding:task.due_title', { name: task.title })}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!due) return;
          update.mutate(
            { id: task.id, due_date: due },
            {
              onSuccess: () => {
                toast.success(t('onboarding:task.due_changed', { date: formatDate(due, 'long', i18n.language) }));
                onClose();
              },
              onError: (error) => toast.error(errorMessage(error)),
            },
          );
        }}
      >
        <FormField label={t('onboarding:task.due_date')} required>
          {(c) => <DatePicker {...c} label={t('onboarding:task.due_date')} value={due} onChange={setDue} />}
        </FormField>
        <Actions onClose={onClose} pending={update.isPending || !due} label={t('onboarding:save')} />
      </form>
    </Dialog>
  );
}

/** A task's comments, oldest first, and a new one. */
export function CommentsDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const { t, i18n } = useTranslation(['onboarding', 'errors']);
  const comment = useCommentOnboardingTask();
  const errorMessage = useApiErrorMessage();
  const form = useForm<TOnboardingCommentInput>({ resolver: zodResolver(ZOnboardingCommentInput), defaultValues: { body: '' } });
  const submit = form.handleSubmit(async (values) => {
    try {
      await comment.mutateAsync({ id: task.id, ...values });
      toast.success(t('onboarding:task.commented'));
      onClose();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['body'])) toast.error(errorMessage(error));
    }
  });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={t('onboarding:task.comments_title', { name: task.title })}>
      {task.comments?.length ? (
        <ul aria-label={t('onboarding:task.comments')} className="mb-4 flex flex-col gap-2">
          {task.comments.map((c) => (
            <li key={c.id} className="rounded-lg bg-slate-50 p-2 text-sm">
              <p className="text-xs text-slate-600">
                {c.author?.name ?? t('onboarding:task.someone')} · {formatDate(c.created_at, 'datetime', i18n.language)}
              </p>
              <p className="whitespace-pre-wrap break-words text-slate-900">{c.body}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField label={t('onboarding:task.new_comment')} required error={form.formState.errors.body}>
          {(c) => (
            <textarea
              {...c}
              rows={3}
              maxLength={5000}
              className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-invalid:border-red-600"
              {...form.register('body')}
            />
          )}
        </FormField>
        <Actions onClose={onClose} pending={form.formState.isSubmitting} label={t('onboarding:task.comment')} />
      </form>
    </Dialog>
  );
}
