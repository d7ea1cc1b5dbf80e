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

/**
 * A paged list's states (loading, error with a retry, empty, the rows with their total and
 * pagination), dimmed while the next page loads; the configuration lists share it.
 */
export function PagedListStates<T>({
  query,
  error,
  retry,
  empty,
  total,
  onPage,
  children,
}: PagedListStatesProps<T>) {
  const { t } = useTranslation('common');
  if (query.isPending)
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('common:loading')} />
      </div>
    );
  if (query.isError)
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 py-16 text-center text-sm text-slate-700"
      >
        <p>{error}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {retry}
        </Button>
      </div>
    );
  const page = query.data;
  if (page.data.length === 0)
    return (
      <EmptyState
        icon={empty.icon}
        className="min-h-[240px]"
        headingLevel="h2"
        title={empty.title}
      />
    );
  return (
    <>
      <p className="text-sm text-slate-700" aria-live="polite">
        {total(page.total)}
      </p>
      <div
        className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
        aria-busy={query.isFetching}
      >
        {children(page.data)}
      </div>
      <Pagination
        page={page.current_page}
        lastPage={page.last_page}
        onChange={onPage}
        disabled={query.isPlaceholderData}
      />
    </>
  );
}
