import { useId, type ReactNode } from 'react';
import { Search, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { DateRangeFilter } from '../../../components/ui/date-range-filter.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { cn } from '../../../lib/cn.ts';
import { APPLICATION_ORDERS, DEFAULT_APPLICATION_ORDER } from '../hooks/use-application-params.ts';

type Props = {
  search: string | null;
  onSearch: (value: string) => void;
  order: string;
  /** Receives null for the default order, which stays out of the URL. */
  onOrder: (value: string | null) => void;
  scopeRange: string | null;
  onScopeRange: (value: string | null) => void;
  active: boolean;
  onReset: () => void;
  className?: string;
  /** Lets a "Filters" button point at the panel it shows and hides. */
  id?: string;
  hidden?: boolean;
  /** The multi-select filters of the second row. */
  children: ReactNode;
};

/** The frame of an application filter panel: search, order and dates, then the given choices and "reset". */
export function ApplicationFilterPanel({ search, onSearch, order, onOrder, scopeRange, onScopeRange, active, onReset, className, id: panelId, hidden, children }: Props) {
  const { t } = useTranslation('application');
  const id = useId();
  return (
    <div
      id={panelId}
      hidden={hidden}
      role="search"
      aria-label={t('application:filters.label')}
      className={cn('flex flex-col gap-3 rounded-xl border border-slate-200 p-4', hidden && 'hidden', className)}
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-56 flex-1 flex-col gap-1.5">
          <label htmlFor={`${id}-search`} className="text-sm font-medium text-slate-800">
            {t('application:filters.search')}
          </label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
            <Input id={`${id}-search`} type="search" className="pl-9" value={search ?? ''} placeholder={t('application:filters.search_placeholder')} onChange={(e) => onSearch(e.target.value)} />
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-order`} className="text-sm font-medium text-slate-800">
            {t('application:filters.order')}
          </label>
          <Select id={`${id}-order`} value={order} onChange={(e) => onOrder(e.target.value === DEFAULT_APPLICATION_ORDER ? null : e.target.value)}>
            {APPLICATION_ORDERS.map((value) => (
              <option key={value} value={value}>
                {t(`application:orders.${value.replace('-', 'desc_')}`)}
              </option>
            ))}
          </Select>
        </div>
        <DateRangeFilter legend={t('application:filters.scope_range')} value={scopeRange} onChange={onScopeRange} />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        {children}
        {active ? (
          <Button variant="ghost" onClick={onReset}>
            <X aria-hidden="true" />
            {t('application:filters.reset')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
