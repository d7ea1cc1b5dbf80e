import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, KeyRound } from 'lucide-react';
import { toast } from 'sonner';
import type { TCompanyJobBoard } from '@embauche/contracts/job-boards';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useUpdateCompanyJobBoard } from '../api/update-company-job-board.ts';

type Props = { board: TCompanyJobBoard; onCredentials: (board: TCompanyJobBoard) => void };

/** One board: on or off (a switch), whether credentials are stored, replace or clear them. */
export function JobBoardCard({ board, onCredentials }: Props) {
  const { t } = useTranslation(['job_boards', 'common']);
  const id = useId();
  const update = useUpdateCompanyJobBoard();
  const errorMessage = useApiErrorMessage();
  const needsCredentials = board.credential_fields.length > 0;
  const save = (body: { enabled: boolean; credentials?: null }, message: string) =>
    update.mutate(
      { id: board.id, ...body },
      { onSuccess: () => toast.success(message), onError: (error) => toast.error(errorMessage(error)) },
    );
  return (
    <li className={cn('flex flex-col gap-3 rounded-xl border p-4', board.enabled ? 'border-slate-200 bg-white shadow-sm' : 'border-dashed border-slate-300 bg-slate-50')}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`${id}-name`} className="break-words font-semibold text-slate-900">
            {board.name}
          </h3>
          <p id={`${id}-state`} className="mt-0.5 text-sm text-slate-700">
            {t(board.enabled ? 'job_boards:card.enabled' : 'job_boards:card.disabled')}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={board.enabled}
          aria-label={t('job_boards:card.toggle', { name: board.name })}
          disabled={update.isPending}
          onClick={() =>
            save({ enabled: !board.enabled }, t(board.enabled ? 'job_boards:card.turned_off' : 'job_boards:card.turned_on', { name: board.name }))
          }
          className={cn(
            'relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:opacity-60',
            board.enabled ? 'bg-brand-600' : 'bg-slate-300',
          )}
        >
          <span aria-hidden="true" className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', board.enabled ? 'translate-x-5' : 'translate-x-0.5')} />
        </button>
      </div>
      {needsCredentials ? (
        <div className="flex flex-col gap-2">
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
            <span>{t('job_boards:card.credentials')}</span>
            {board.has_credentials ? (
              <Badge tone="success">
                <CheckCircle2 aria-hidden="true" className="size-3.5" />
                {t('job_boards:card.has_credentials')}
              </Badge>
            ) : (
              <Badge tone="neutral">{t('job_boards:card.no_credentials')}</Badge>
            )}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" aria-label={t(board.has_credentials ? 'job_boards:card.replace_named' : 'job_boards:card.add_named', { name: board.name })} onClick={() => onCredentials(board)}>
              <KeyRound aria-hidden="true" />
              <span aria-hidden="true">{t(board.has_credentials ? 'job_boards:card.replace' : 'job_boards:card.add')}</span>
            </Button>
            {board.has_credentials ? (
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('job_boards:card.clear_named', { name: board.name })}
                disabled={update.isPending}
                onClick={() => save({ enabled: board.enabled, credentials: null }, t('job_boards:card.cleared', { name: board.name }))}
              >
                <span aria-hidden="true">{t('job_boards:card.clear')}</span>
              </Button>
            ) : null}
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-700">{t('job_boards:card.no_credentials_needed')}</p>
      )}
    </li>
  );
}
