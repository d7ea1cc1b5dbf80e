import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ArrowDown, ArrowUp, ListTodo, Pencil, Plus, Trash2 } from 'lucide-react';
import {
  ZOnboardingStatusCreate,
  ZOnboardingStatusUpdate,
  type TOnboardingStatus,
  type TOnboardingStatusCreateInput,
} from '@embauche/contracts/onboarding';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog.tsx';
import { ListStates } from '../../../components/paged-list-states.tsx';
import { PageIntro } from '../../../components/page-intro.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useCreateOnboardingStatus } from '../api/create-onboarding-status.ts';
import { useDeleteOnboardingStatus } from '../api/delete-onboarding-status.ts';
import { useOnboardingStatuses } from '../api/get-onboarding-statuses.ts';
import { useUpdateOnboardingStatus } from '../api/update-onboarding-status.ts';
import { statusName } from '../lib/labels.ts';

/**
 * Config page `onboarding/statuses` (`config.onboarding`): the four system statuses (renamable,
 * not deletable) and the company's own, in the board's order; each moved up or down, renamed, and
 * the company's own deleted when no onboarding holds them.
 */
export function StatusesPage() {
  const { t } = useTranslation(['onboarding', 'errors']);
  const statuses = useOnboardingStatuses();
  const update = useUpdateOnboardingStatus();
  const remove = useDeleteOnboardingStatus();
  const errorMessage = useApiErrorMessage();
  const [editing, setEditing] = useState<TOnboardingStatus | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TOnboardingStatus | null>(null);
  const move = (status: TOnboardingStatus, position: number) =>
    update.mutate(
      { id: status.id, position },
      {
        onSuccess: () => toast.success(t('onboarding:statuses_page.moved', { name: statusName(t, status), position: position + 1 })),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  return (
    <div className="flex min-w-0 flex-col gap-4 p-4 sm:p-6">
      <PageIntro
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            {t('onboarding:statuses_page.new')}
          </Button>
        }
      >
        {t('onboarding:statuses_page.intro')}
      </PageIntro>
      <ListStates
        query={statuses}
        error={t('onboarding:statuses_page.error')}
        retry={t('onboarding:retry')}
        empty={{ icon: ListTodo, title: t('onboarding:statuses_page.empty') }}
      >
        {(rows) => (
          <ol
            aria-label={t('onboarding:statuses_page.list_label')}
            className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
          >
            {rows.map((s, index) => {
              const name = statusName(t, s);
              return (
                <li key={s.id} className="flex min-w-0 flex-wrap items-center gap-2 p-3">
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="break-words font-medium text-slate-900">{name}</span>
                      {s.system_key ? <Badge tone="info">{t('onboarding:statuses_page.system')}</Badge> : null}
                    </p>
                    <p className="text-xs text-slate-600">
                      {t('onboarding:statuses_page.count', { count: s.onboarding_count })}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-1">
                    <Button
                      variant="ghost"
                      size="icon"
                      disabled={index === 0 || update.isPending}
                      aria-label={t('onboarding:statuses_page.move_up', { name })}
                      onClick={() => move(s, index - 1)}
                    >
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      disabled={index === rows.length - 1 || update.isPending}
                      aria-label={t('onboarding:statuses_page.move_down', { name })}
                      onClick={() => move(s, index + 1)}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('onboarding:statuses_page.rename', { name })}
                      onClick={() => setEditing(s)}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    {s.system_key ? null : (
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t('onboarding:statuses_page.delete', { name })}
                        onClick={() => setDeleting(s)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </ListStates>
      {editing ? (
        <StatusDialog status={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      ) : null}
      {deleting ? (
        <ConfirmDeleteDialog
          remove={remove}
          variables={deleting.id}
          title={t('onboarding:statuses_page.delete_title', { name: statusName(t, deleting) })}
          description={t('onboarding:statuses_page.delete_description')}
          confirmLabel={t('onboarding:statuses_page.delete_confirm')}
          deleted={t('onboarding:statuses_page.deleted', { name: statusName(t, deleting) })}
          errorText={(error) =>
            isApiError(error) && error.code?.startsWith('status_in_use')
              ? translateErrorCode(t, 'onboarding_status_in_use')
              : isApiError(error) && error.code === 'status_not_deletable'
                ? translateErrorCode(t, 'onboarding_status_not_deletable')
                : errorMessage(error)
          }
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}

/** Adds a status (a name) or renames one; a system status given an empty name gets its translated name back. */
function StatusDialog({ status, onClose }: { status?: TOnboardingStatus | undefined; onClose: () => void }) {
  const { t } = useTranslation(['onboarding', 'errors']);
  const create = useCreateOnboardingStatus();
  const update = useUpdateOnboardingStatus();
  const errorMessage = useApiErrorMessage();
  const system = Boolean(status?.system_key);
  const form = useForm<TOnboardingStatusCreateInput>({
    resolver: zodResolver(system ? ZOnboardingStatusUpdate.pick({ name: true }) : ZOnboardingStatusCreate) as Resolver<TOnboardingStatusCreateInput>,
    defaultValues: { name: status?.name ?? '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      if (status) await update.mutateAsync({ id: status.id, name: values.name || null });
      else await create.mutateAsync(values);
      toast.success(t(status ? 'onboarding:statuses_page.renamed' : 'onboarding:statuses_page.created'));
      onClose();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['name'])) toast.error(errorMessage(error));
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={status ? t('onboarding:statuses_page.rename_title', { name: statusName(t, status) }) : t('onboarding:statuses_page.new_title')}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField
          label={t('onboarding:statuses_page.name')}
          required={!system}
          error={form.formState.errors.name}
          hint={system ? t('onboarding:statuses_page.system_hint', { name: t(`onboarding:statuses.${status!.system_key!}`) }) : undefined}
        >
          {(control) => <Input {...control} autoComplete="off" maxLength={100} {...form.register('name')} />}
        </FormField>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {t('onboarding:cancel')}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t('onboarding:save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
