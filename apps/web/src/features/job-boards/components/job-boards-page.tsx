import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCompanyJobBoard } from '@embauche/contracts/job-boards';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCompanyJobBoards } from '../api/get-company-job-boards.ts';
import { CredentialsDialog } from './credentials-dialog.tsx';
import { JobBoardCard } from './job-board-card.tsx';

/**
 * Config page `jobboards/list` (`config.jobboards_list`): the boards the company publishes to, on
 * or off, with their credentials (write-only: the page only learns that some are stored). The
 * offer's job-board tab lists the boards that are on.
 */
export function JobBoardsPage() {
  const { t } = useTranslation(['job_boards', 'common']);
  const boards = useCompanyJobBoards();
  const [editing, setEditing] = useState<TCompanyJobBoard | null>(null);
  const enabled = boards.data?.filter((b) => b.enabled).length ?? 0;
  return (
    <div className="flex flex-col gap-4 p-4 sm:p-6">
      <p className="text-sm text-slate-700">{t('job_boards:intro')}</p>
      {boards.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label={t('common:loading')} />
        </div>
      ) : boards.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center text-sm text-slate-700">
          <p>{t('job_boards:error')}</p>
          <Button variant="outline" size="sm" onClick={() => void boards.refetch()}>
            {t('job_boards:retry')}
          </Button>
        </div>
      ) : (
        <section aria-labelledby="job-boards-title" className="flex flex-col gap-3">
          <h2 id="job-boards-title" className="text-base font-semibold text-slate-900">
            {t('job_boards:list.title')}
            <span className="ml-2 text-sm font-normal text-slate-700">{t('job_boards:list.enabled', { count: enabled, total: boards.data.length })}</span>
          </h2>
          <ul aria-labelledby="job-boards-title" className="grid gap-3 md:grid-cols-2 2xl:grid-cols-3">
            {boards.data.map((board) => (
              <JobBoardCard key={board.id} board={board} onCredentials={setEditing} />
            ))}
          </ul>
        </section>
      )}
      {editing ? <CredentialsDialog key={editing.id} board={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
