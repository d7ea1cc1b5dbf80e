import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button.tsx';
import { EmptyState } from './ui/empty-state.tsx';
import { Pagination } from './ui/pagination.tsx';
import { Spinner } from './ui/spinner.tsx';

type Page<T> = { data: T[]; total: number; current_page: number; last_page: number };

type PagedListStatesProps<T> = {
  query: UseQueryResult<Page<T>>;
  /** The error message and the retry button's label. */
  error: string;
  retry: string;
  empty: { icon: LucideIcon; title: string };
  /** "12 groups": read out when it changes. */
  total: (count: number) => string;
  onPage: (page: number) => void;
  children: (rows: T[]) => ReactNode;
};

type ListStatesProps<T> = {
  query: UseQueryResult<T[]>;
  /** The error message and the retry button's label. */
  error: string;
  retry: string;
  empty: { icon: LucideIcon; title: string };
  children: (rows: T[]) => ReactNode;
};

/** The loading and error states every list shares; null once the data is there. */
function QueryStates({ query, error, retry }: { query: UseQueryResult<unknown>; error: string; retry: string }) {
  const { t } = useTranslation('common');
  if (query.isPending)
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('common:loading')} />
      </div>
    );
  if (query.isError)
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center text-sm text-slate-700">
        <p>{error}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {retry}
        </Button>
      </div>
    );
  return null;
}

function Empty({ empty }: { empty: { icon: LucideIcon; title: string } }) {
  return <EmptyState icon={empty.icon} className="min-h-[240px]" headingLevel="h2" title={empty.title} />;
}

/**
 * A paged list's states (loading, error with a retry, empty, the rows with their total and
 * pagination), dimmed while the next page loads; the configuration lists share it.
 */
export function PagedListStates<T>({ query, error, retry, empty, total, onPage, children }: PagedListStatesProps<T>) {
  if (!query.isSuccess) return <QueryStates query={query} error={error} retry={retry} />;
  const page = query.data;
  if (page.data.length === 0) return <Empty empty={empty} />;
  return (
    <>
      <p className="text-sm text-slate-700" aria-live="polite">
        {total(page.total)}
      </p>
      <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={query.isFetching}>
        {children(page.data)}
      </div>
      <Pagination page={page.current_page} lastPage={page.last_page} onChange={onPage} disabled={query.isPlaceholderData} />
    </>
  );
}

/** The same states for a list that comes whole (no pages): loading, error with a retry, empty, the rows. */
export function ListStates<T>({ query, error, retry, empty, children }: ListStatesProps<T>) {
  if (!query.isSuccess) return <QueryStates query={query} error={error} retry={retry} />;
  if (query.data.length === 0) return <Empty empty={empty} />;
  return <div aria-busy={query.isFetching}>{children(query.data)}</div>;
}
