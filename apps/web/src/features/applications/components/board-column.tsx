import { useEffect, useId, useMemo, useRef } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { ChevronsLeftRight, ChevronsRightLeft, Mail, MessageSquareText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TApplicationItem, TStatus } from '@embauche/contracts/applications';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { usePipelineLabels } from '../../../lib/pipeline/status-label.ts';
import type { ApplicationFilter } from '../api/application-query-keys.ts';
import { COLUMN_PAGE_SIZE, useApplicationColumn } from '../api/get-application-column.ts';
import { useVirtualColumn } from '../hooks/use-virtual-column.ts';
import { columnDropId } from '../lib/board-ids.ts';
import { ApplicationCard } from './application-card.tsx';

type Props = {
  projectId: number;
  offerId: number;
  status: TStatus;
  count: number;
  statuses: TStatus[];
  filter: ApplicationFilter;
  order: string;
  onStatusChange?: (application: TApplicationItem, status: TStatus) => void;
  onTransfer?: (application: TApplicationItem) => void;
  /**
   * An SMS to every application of the column, loaded or not (its status under the board's
   * filters, resolved on the server: issue 42 part 2); absent without the SMS feature or permission.
   */
  onSms?: (status: TStatus, count: number) => void;
  /** An e-mail to every application of the column, likewise (absent without project_application.email). */
  onEmail?: (status: TStatus, count: number) => void;
  /** Folds the column to a narrow strip with its count (or unfolds it). */
  onToggleCollapsed: (statusId: number) => void;
  /** True once for the column whose fold button was just pressed: the focus moves to its replacement. */
  claimFocus: (statusId: number) => boolean;
};

/** The focus goes to the fold button of a column drawn again after its fold button was pressed. */
function useClaimedFocus(statusId: number, claimFocus: (statusId: number) => boolean) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (claimFocus(statusId)) button.current?.focus();
  }, [statusId, claimFocus]);
  return button;
}

type StripProps = Pick<Props, 'status' | 'count' | 'onToggleCollapsed' | 'claimFocus'>;

/**
 * A collapsed column: a narrow strip with its name written downwards and its count. It stays a drop
 * zone (a card dropped on it changes status) and loads no cards.
 */
export function CollapsedBoardColumn({ status, count, onToggleCollapsed, claimFocus }: StripProps) {
  const { t } = useTranslation('kanban');
  const id = useId();
  const label = usePipelineLabels().statusLabel(status);
  const { setNodeRef, isOver } = useDroppable({ id: columnDropId(status.id), data: { status } });
  const button = useClaimedFocus(status.id, claimFocus);
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={`${id}-title`}
      data-collapsed=""
      className={cn(
        'relative flex h-full min-h-0 w-11 shrink-0 flex-col items-center rounded-xl border border-slate-200 bg-slate-50 transition-colors',
        isOver && 'border-brand-400 bg-brand-50',
      )}
    >
      <header className="flex flex-col items-center gap-2 py-1.5">
        <Button
          ref={button}
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={t('kanban:expand', { column: label })}
          aria-expanded={false}
          title={t('kanban:expand', { column: label })}
          onClick={() => onToggleCollapsed(status.id)}
        >
          <ChevronsLeftRight aria-hidden="true" />
        </Button>
        <Badge tone="info">
          <span aria-hidden="true">{count}</span>
          <span className="sr-only">{t('kanban:count', { count })}</span>
        </Badge>
      </header>
      <h2 id={`${id}-title`} className="min-h-0 flex-1 overflow-hidden text-ellipsis whitespace-nowrap py-1 text-sm font-semibold text-slate-900 [writing-mode:vertical-rl]">
        {label}
      </h2>
    </section>
  );
}

/** A grey card drawn where the next page's cards will show (hidden from screen readers). */
function CardSkeleton({ start }: { start: number }) {
  return (
    <li aria-hidden="true" data-skeleton="" className="absolute inset-x-0 top-0 flex h-[104px] animate-pulse flex-col gap-2 rounded-lg border border-slate-200 bg-white p-2" style={{ transform: `translateY(${start}px)` }}>
      <div className="flex items-center gap-1.5">
        <div className="size-6 rounded-full bg-slate-200" />
        <div className="h-3 flex-1 rounded bg-slate-200" />
      </div>
      <div className="h-2.5 w-3/4 rounded bg-slate-100" />
      <div className="h-2.5 w-1/2 rounded bg-slate-100" />
    </li>
  );
}

/**
 * One status of the board: its count, all its cards (virtualised, the next page loading as the end
 * comes into view), a drop zone. It takes the board's full height and scrolls its cards inside itself. Its title is a level-2 heading: the
 * board sits right under the page's h1 (axe heading-order).
 */
export function BoardColumn({ projectId, offerId, status, count, statuses, filter, order, onStatusChange, onTransfer, onSms, onEmail, onToggleCollapsed, claimFocus }: Props) {
  const { t } = useTranslation('kanban');
  const id = useId();
  const labels = usePipelineLabels();
  const label = labels.statusLabel(status);
  const column = useApplicationColumn(projectId, offerId, status.id, filter, order);
  const { setNodeRef, isOver } = useDroppable({ id: columnDropId(status.id), data: { status } });
  const items = useMemo(() => column.data?.pages.flatMap((page) => page.data) ?? [], [column.data]);
  const { scrollRef, listRef, virtualizer, rows, totalSize, listProps } = useVirtualColumn({
    items,
    hasNextPage: column.hasNextPage,
    isFetchingNextPage: column.isFetchingNextPage,
    isFetchNextPageError: column.isFetchNextPageError,
    fetchNextPage: column.fetchNextPage,
  });
  const foldButton = useClaimedFocus(status.id, claimFocus);
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={`${id}-title`}
      className={cn(
        'relative flex h-full min-h-0 w-44 shrink-0 flex-col rounded-xl border border-slate-200 bg-slate-50 transition-colors',
        isOver && 'border-brand-400 bg-brand-50',
      )}
    >
      {/* Narrow columns: the name gets the whole first row (two lines at most, whole in its tooltip), the count and actions the second. */}
      <header className="flex flex-col gap-1 border-b border-slate-200 px-1.5 py-1.5">
        <h2 id={`${id}-title`} title={label} className="line-clamp-2 hyphens-auto break-words px-0.5 pt-0.5 text-[13px] font-semibold leading-5 tracking-tight text-slate-900">
          {label}
        </h2>
        <div className="flex min-h-7 items-center gap-1">
          <Badge tone="info">
            <span aria-hidden="true">{count}</span>
            <span className="sr-only">{t('kanban:count', { count })}</span>
          </Badge>
          <span className="flex-1" />
          {onSms && count > 0 ? (
            <Button
              variant="ghost"
              size="icon"
              className="size-7"
              aria-label={t('kanban:sms', { column: label, count })}
              title={t('kanban:sms_short')}
              onClick={() => onSms(status, count)}
            >
              <MessageSquareText aria-hidden="true" />
            </Button>
          ) : null}
          {onEmail && count > 0 ? (
            <Button
              variant="ghost"
              size="icon"
              className="size-7"
              aria-label={t('kanban:email', { column: label, count })}
              title={t('kanban:email_short')}
              onClick={() => onEmail(status, count)}
            >
              <Mail aria-hidden="true" />
            </Button>
          ) : null}
          <Button
            ref={foldButton}
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label={t('kanban:collapse', { column: label })}
            aria-expanded={true}
            title={t('kanban:collapse', { column: label })}
            onClick={() => onToggleCollapsed(status.id)}
          >
            <ChevronsRightLeft aria-hidden="true" />
          </Button>
        </div>
      </header>
      {/* The column scrolls its cards itself; only those in view are drawn (useVirtualColumn). */}
      <div ref={scrollRef} className="flex min-h-24 flex-1 flex-col overflow-y-auto overscroll-y-contain p-1.5">
        {column.isPending ? <Spinner className="p-2" /> : null}
        {column.isError && !items.length ? <p role="alert" className="p-2 text-sm text-red-700">{t('kanban:column_error')}</p> : null}
        {column.isSuccess && items.length === 0 ? <p className="p-2 text-center text-sm text-slate-600">{t('kanban:empty')}</p> : null}
        {items.length ? (
          <ul ref={listRef} aria-labelledby={`${id}-title`} aria-describedby={`${id}-keys`} className="relative shrink-0" style={{ height: totalSize }} {...listProps}>
            {rows.map((row) => {
              const application = items[row.index];
              if (!application) return <CardSkeleton key={row.key} start={row.start} />;
              return (
                <ApplicationCard
                  key={row.key}
                  application={application}
                  statuses={statuses}
                  onStatusChange={onStatusChange}
                  onTransfer={onTransfer}
                  columnPage={Math.floor(row.index / COLUMN_PAGE_SIZE) + 1}
                  row={{ index: row.index, setSize: Math.max(count, items.length), start: row.start, measure: virtualizer.measureElement }}
                />
              );
            })}
          </ul>
        ) : null}
        <p id={`${id}-keys`} hidden>
          {t('kanban:keys')}
        </p>
        {column.isFetchingNextPage ? <Spinner className="sr-only" label={t('kanban:loading_more')} /> : null}
        {column.isFetchNextPageError ? (
          <div role="alert" className="flex flex-col items-center gap-1 p-2 text-center text-sm text-red-700">
            {t('kanban:column_error')}
            <Button variant="ghost" size="sm" onClick={() => void column.fetchNextPage()}>
              {t('kanban:retry', { count: Math.max(0, count - items.length), status: label })}
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
