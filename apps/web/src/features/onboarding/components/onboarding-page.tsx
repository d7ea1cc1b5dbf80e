import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ArrowLeft, Ban } from 'lucide-react';
import type { TOnboarding } from '@embauche/contracts/onboarding';
import { PageHeader } from '../../../components/page-header.tsx';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DatePicker } from '../../../components/ui/date-picker.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorStatus } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useCancelOnboarding } from '../api/cancel-onboarding.ts';
import { useOnboarding } from '../api/get-onboarding.ts';
import { useOnboardingStatuses } from '../api/get-onboarding-statuses.ts';
import { useUpdateOnboarding } from '../api/update-onboarding.ts';
import { hireName, statusName } from '../lib/labels.ts';
import { OnboardingProgress, OverdueBadge } from './onboarding-progress.tsx';
import { TaskItem } from './task-item.tsx';
import { UserPicker } from './user-picker.tsx';

type Props = { id: number; canManage: boolean };

/**
 * `/onboarding/{id}`: a new hire's onboarding: its status, start date and manager (changed here
 * with onboarding.access), the checklist (tick, reassign, comment, move a due date), the documents
 * asked and received, the e-mails sent and to come. A task owner without onboarding.access sees
 * their own tasks only (the server's `limited` view).
 */
export function OnboardingPage({ id, canManage }: Props) {
  const { t } = useTranslation(['onboarding', 'common']);
  const onboarding = useOnboarding(id);
  if (onboarding.isPending)
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('common:loading')} />
      </div>
    );
  if (onboarding.isError)
    return (
      <div className="flex flex-col gap-4">
        <PageHeader title={t('common:nav.onboarding')} />
        <p role="alert" className="text-sm text-red-700">
          {errorStatus(onboarding.error) === 404
            ? t('onboarding:detail.not_found')
            : t('onboarding:detail.error')}
        </p>
      </div>
    );
  return <Detail onboarding={onboarding.data} canManage={canManage && !onboarding.data.limited} />;
}

function Detail({ onboarding: o, canManage }: { onboarding: TOnboarding; canManage: boolean }) {
  const { t, i18n } = useTranslation(['onboarding', 'common']);
  const tasksId = useId();
  const docsId = useId();
  const mailsId = useId();
  const cancelled = o.status.system_key === 'cancelled';
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <Button variant="link" asChild className="h-auto self-start px-0">
        <Link to={canManage ? '/onboarding' : '/onboarding/my-tasks'}>
          <ArrowLeft aria-hidden="true" />
          {canManage ? t('onboarding:detail.back') : t('onboarding:detail.back_tasks')}
        </Link>
      </Button>
      <PageHeader
        title={hireName(o.applicant)}
        subtitle={[o.offer?.title, o.subsidiary?.name].filter(Boolean).join(' · ') || undefined}
      />
      <div className="flex min-w-0 flex-wrap items-center gap-3 text-sm text-slate-700">
        <Badge tone={o.status.system_key === 'done' ? 'success' : cancelled ? 'neutral' : 'info'}>
          {statusName(t, o.status)}
        </Badge>
        <span>
          {t('onboarding:list.starts', { date: formatDate(o.start_date, 'long', i18n.language) })}
        </span>
        {o.manager ? <span>{t('onboarding:list.manager', { name: o.manager.name })}</span> : null}
        {o.process ? <span>{t('onboarding:detail.process', { name: o.process.name })}</span> : null}
        <OnboardingProgress done={o.progress.done} total={o.progress.total} />
        <OverdueBadge count={o.overdue_count} />
        {!o.limited ? (
          <Link
            to={`/applicants/${o.applicant.id}`}
            className="text-brand-700 underline-offset-2 hover:underline focus-visible:underline"
          >
            {t('onboarding:detail.applicant_file')}
          </Link>
        ) : null}
      </div>
      {canManage ? <Settings onboarding={o} /> : null}
      {o.limited ? (
        <p className="text-sm text-slate-600">{t('onboarding:detail.limited')}</p>
      ) : null}
      <section aria-labelledby={tasksId} className="flex min-w-0 flex-col gap-3">
        <h2 id={tasksId} className="text-base font-semibold text-slate-900">
          {t('onboarding:detail.checklist')}
        </h2>
        {o.tasks.length === 0 ? (
          <p className="text-sm text-slate-600">{t('onboarding:detail.no_tasks')}</p>
        ) : (
          <ul aria-labelledby={tasksId} className="flex flex-col gap-2">
            {o.tasks.map((task) => (
              <TaskItem key={task.id} task={task} canManage={canManage} />
            ))}
          </ul>
        )}
      </section>
      {!o.limited ? (
        <div className="grid min-w-0 gap-5 lg:grid-cols-2">
          <section aria-labelledby={docsId} className="flex min-w-0 flex-col gap-3">
            <h2 id={docsId} className="text-base font-semibold text-slate-900">
              {t('onboarding:detail.documents')}
            </h2>
            {o.documents.length === 0 ? (
              <p className="text-sm text-slate-600">{t('onboarding:detail.no_documents')}</p>
            ) : (
              <ul
                aria-labelledby={docsId}
                className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
              >
                {o.documents.map((d) => (
                  <li
                    key={d.task_id}
                    className="flex min-w-0 flex-wrap items-center justify-between gap-2 p-3 text-sm"
                  >
                    <span className="break-words font-medium text-slate-900">{d.name}</span>
                    <span className="text-slate-700">
                      {d.received_at
                        ? t('onboarding:detail.received', {
                            date: formatDate(d.received_at, 'date', i18n.language),
                          })
                        : d.requested_at
                          ? t('onboarding:detail.requested', {
                              date: formatDate(d.requested_at, 'date', i18n.language),
                            })
                          : t('onboarding:detail.not_requested')}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby={mailsId} className="flex min-w-0 flex-col gap-3">
            <h2 id={mailsId} className="text-base font-semibold text-slate-900">
              {t('onboarding:detail.emails')}
            </h2>
            {o.applicant.language ? (
              <p className="text-sm text-slate-600">
                {t('onboarding:detail.emails_language', {
                  language: languageName(o.applicant.language, i18n.language),
                })}
              </p>
            ) : null}
            {o.emails.length === 0 ? (
              <p className="text-sm text-slate-600">{t('onboarding:detail.no_emails')}</p>
            ) : (
              <ul
                aria-labelledby={mailsId}
                className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
              >
                {o.emails.map((m) => (
                  <li
                    key={m.task_id}
                    className="flex min-w-0 flex-wrap items-center justify-between gap-2 p-3 text-sm"
                  >
                    <span className="break-words font-medium text-slate-900">{m.title}</span>
                    <span className="text-slate-700">
                      {m.state === 'sent' && m.sent_at
                        ? t('onboarding:detail.mail_sent', {
                            date: formatDate(m.sent_at, 'datetime', i18n.language),
                          })
                        : t(`onboarding:detail.mail_${m.state}`, {
                            date: formatDate(m.send_date, 'date', i18n.language),
                          })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      ) : null}
    </div>
  );
}

/** Status, start date (open tasks' due dates follow) and manager; cancelling asks first. */
function Settings({ onboarding: o }: { onboarding: TOnboarding }) {
  const { t } = useTranslation('onboarding');
  const id = useId();
  const statuses = useOnboardingStatuses();
  const update = useUpdateOnboarding();
  const cancel = useCancelOnboarding();
  const errorMessage = useApiErrorMessage();
  const [confirming, setConfirming] = useState(false);
  const save = (values: Parameters<typeof update.mutate>[0], done: string) =>
    update.mutate(values, {
      onSuccess: () => toast.success(done),
      onError: (error) => toast.error(errorMessage(error)),
    });
  const cancelled = o.status.system_key === 'cancelled';
  return (
    <section
      aria-label={t('onboarding:detail.settings')}
      className="grid min-w-0 gap-3 rounded-xl border border-slate-200 bg-white p-4 md:grid-cols-2 xl:grid-cols-4 xl:items-end"
    >
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={`${id}-status`} className="text-sm font-medium text-slate-800">
          {t('onboarding:detail.status')}
        </label>
        <Select
          id={`${id}-status`}
          value={o.status.id}
          disabled={update.isPending}
          onChange={(e) =>
            save(
              { id: o.id, status_id: Number(e.target.value) },
              t('onboarding:detail.status_changed'),
            )
          }
        >
          {(statuses.data ?? [o.status]).map((s) => (
            <option key={s.id} value={s.id}>
              {statusName(t, s)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={`${id}-start`} className="text-sm font-medium text-slate-800">
          {t('onboarding:detail.start_date')}
        </label>
        <DatePicker
          id={`${id}-start`}
          label={t('onboarding:detail.start_date')}
          value={o.start_date}
          onChange={(value) =>
            value && value !== o.start_date
              ? save({ id: o.id, start_date: value }, t('onboarding:detail.start_changed'))
              : undefined
          }
        />
      </div>
      <div className="min-w-0 md:col-span-2">
        <UserPicker
          label={t('onboarding:detail.manager')}
          value={o.manager?.id ?? null}
          current={o.manager}
          onChange={(user) =>
            save({ id: o.id, manager_id: user?.id ?? null }, t('onboarding:detail.manager_changed'))
          }
        />
      </div>
      {!cancelled ? (
        <Button
          variant="outline"
          className="self-start md:col-span-2 xl:col-span-4"
          onClick={() => setConfirming(true)}
        >
          <Ban aria-hidden="true" />
          {t('onboarding:detail.cancel')}
        </Button>
      ) : null}
      <AlertDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('onboarding:detail.cancel_title', { name: hireName(o.applicant) })}
        description={t('onboarding:detail.cancel_description')}
        confirmLabel={t('onboarding:detail.cancel_confirm')}
        destructive
        loading={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(o.id, {
            onSuccess: () => {
              toast.success(t('onboarding:detail.cancelled'));
              setConfirming(false);
            },
            onError: (error) => {
              toast.error(errorMessage(error));
              setConfirming(false);
            },
          })
        }
      />
    </section>
  );
}

/** A language's name in the reader's language ("allemand" for `de` in French). */
function languageName(code: string, reader: string): string {
  try {
    return new Intl.DisplayNames([reader], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
