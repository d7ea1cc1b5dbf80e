import { useId, useState, type ReactNode } from 'react';
import { Download, Table2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { DataTableView, type DisplayTable } from './data-table-view.tsx';

export type ExportFormat = 'csv' | 'xlsx';

type Props = {
  title: string;
  description?: string;
  /** The chart's figures as a table: shown on demand, always there for screen readers, exported. */
  table: DisplayTable | null;
  /** The query's state: loading, failed (with a retry) or empty before any chart is drawn. */
  state: 'pending' | 'error' | 'empty' | 'ready';
  onRetry?: () => void;
  onExport: (table: DisplayTable, format: ExportFormat, title: string) => void;
  formats?: ExportFormat[];
  className?: string;
  /** The drawing: hidden from assistive technologies, which read the table instead. */
  children: ReactNode;
};

/**
 * A chart of the statistics page with its data table: the drawing is for the eyes (aria-hidden),
 * the table is in the page for screen readers and shown to everyone by "Show the table"; each
 * chart exports its figures. Printing shows the table under the drawing.
 */
export function ChartCard({
  title,
  description,
  table,
  state,
  onRetry,
  onExport,
  formats = ['csv', 'xlsx'],
  className,
  children,
}: Props) {
  const { t } = useTranslation('statistics');
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  const ready = state === 'ready' && table !== null;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn(
        'flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white shadow-sm break-inside-avoid',
        className,
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-slate-100 px-4 py-3 sm:px-5">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {description ? <p className="mt-0.5 text-sm text-slate-600">{description}</p> : null}
        </div>
        {ready ? (
          <div className="flex shrink-0 items-center gap-1 print:hidden">
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={showTable}
              aria-controls={`${id}-table`}
              onClick={() => setShowTable((shown) => !shown)}
            >
              <Table2 aria-hidden="true" />
              {showTable ? t('statistics:chart.hide_table') : t('statistics:chart.show_table')}
            </Button>
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('statistics:chart.export_label', { chart: title })}
                >
                  <Download aria-hidden="true" />
                  <span className="max-sm:sr-only">{t('statistics:chart.export')}</span>
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                {formats.map((format) => (
                  <DropdownMenuItem key={format} onSelect={() => onExport(table, format, title)}>
                    {t('statistics:chart.export_as', { format: format.toUpperCase() })}
                  </DropdownMenuItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
          </div>
        ) : null}
      </header>
      <div className="flex min-w-0 flex-1 flex-col gap-4 px-4 py-4 sm:px-5">
        {state === 'pending' ? (
          <div className="flex min-h-48 items-center justify-center">
            <Spinner label={t('statistics:chart.loading', { chart: title })} />
          </div>
        ) : state === 'error' ? (
          <div
            role="alert"
            className="flex min-h-48 flex-col items-center justify-center gap-3 text-center text-sm text-slate-700"
          >
            <p>{t('statistics:chart.error')}</p>
            {onRetry ? (
              <Button variant="outline" size="sm" onClick={onRetry}>
                {t('statistics:chart.retry')}
              </Button>
            ) : null}
          </div>
        ) : state === 'empty' || !table ? (
          <p className="flex min-h-48 items-center justify-center text-center text-sm text-slate-600">
            {t('statistics:chart.empty')}
          </p>
        ) : (
          <>
            <div aria-hidden="true" className="min-w-0">
              {children}
            </div>
            <div
              id={`${id}-table`}
              className={cn(
                showTable ? 'overflow-x-auto' : 'sr-only print:not-sr-only print:overflow-visible',
              )}
            >
              <DataTableView table={table} caption={title} />
            </div>
          </>
        )}
      </div>
    </section>
  );
}
