import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { usersBaseKey } from '../api/user-keys.ts';
import { useUsersImport } from '../api/get-users-import.ts';

/**
 * The running import, asked every second: a progress bar until it is done (then a toast, the lists
 * refreshed, `onFinished`), or why it failed.
 */
export function UsersImportProgress({ id, onFinished }: { id: number; onFinished: () => void }) {
  const { t } = useTranslation('users');
  const queryClient = useQueryClient();
  const query = useUsersImport(id);
  const status = query.data;
  useEffect(() => {
    if (status?.status !== 'done') return;
    toast.success(t('users:import.done', { count: status.created }));
    void queryClient.invalidateQueries({ queryKey: usersBaseKey });
    onFinished();
  }, [status?.status, status?.created, t, queryClient, onFinished]);
  if (status?.status === 'failed' || query.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('users:import.failed')}
        {status?.error ? ` ${status.error}` : null}
      </p>
    );
  const total = status?.total ?? 0;
  const done = status?.done ?? 0;
  const percent = total ? Math.round((done / total) * 100) : 0;
  return (
    <div className="flex flex-col gap-2">
      <div
        role="progressbar"
        aria-label={t('users:import.progress_label')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={t('users:import.progress', { done, total })}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {status?.status === 'queued' ? t('users:import.queued') : t('users:import.progress', { done, total })}
      </p>
    </div>
  );
}
