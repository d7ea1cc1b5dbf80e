import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TApplicationPage } from '@embauche/contracts/applications';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { ApplicationTable } from './application-table.tsx';

type Props = Omit<Parameters<typeof ApplicationTable>[0], 'applications'> & {
  query: { data?: TApplicationPage; isPending: boolean; isError: boolean; isFetching: boolean; isPlaceholderData: boolean };
  emptyTitle: string;
  onPage: (page: number) => void;
  className?: string;
};

/**
 * One page of applications in its frame: loading, error, empty state or the table, then the pager.
 * While another page or filter loads, the previous rows stay in view, dimmed, busy and inert: a
 * selection or a status change never acts on rows that no longer match.
 */
export function ApplicationResults({ query, emptyTitle, onPage, className, ...table }: Props) {
  const { t } = useTranslation('application');
  const page = query.data;
  return (
    <>
      <div className={cn('relative w-0 min-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white', className)} aria-busy={query.isFetching}>
        {query.isPending ? <Spinner className="p-6" /> : null}
        {query.isError ? <p role="alert" className="p-6 text-sm text-red-700">{t('common:error')}</p> : null}
        {page && page.data.length === 0 ? <EmptyState icon={Inbox} title={emptyTitle} className="min-h-64" /> : null}
        {page && page.data.length > 0 ? (
          <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} inert={query.isPlaceholderData}>
            <ApplicationTable applications={page.data} {...table} />
          </div>
        ) : null}
      </div>
      {page ? <Pagination page={page.current_page} lastPage={page.last_page} onChange={onPage} disabled={query.isFetching} /> : null}
    </>
  );
}
