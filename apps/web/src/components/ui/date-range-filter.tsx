import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from './input.tsx';

type Props = { legend: string; value: string | null; onChange: (value: string | null) => void };

/** A date range written `yyyy-MM-dd,yyyy-MM-dd` (offer dates, `scope_range`); either side may stay empty. */
export function DateRangeFilter({ legend, value, onChange }: Props) {
  const { t } = useTranslation('common');
  const id = useId();
  const [from = '', to = ''] = (value ?? '').split(',');
  const update = (nextFrom: string, nextTo: string) => onChange(nextFrom || nextTo ? `${nextFrom},${nextTo}` : null);
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-from`} className="text-xs text-slate-700">
          {t('common:date_range.from')}
        </label>
        <Input id={`${id}-from`} type="date" value={from} max={to || undefined} onChange={(e) => update(e.target.value, to)} className="h-9" />
        <label htmlFor={`${id}-to`} className="text-xs text-slate-700">
          {t('common:date_range.to')}
        </label>
        <Input id={`${id}-to`} type="date" value={to} min={from || undefined} onChange={(e) => update(from, e.target.value)} className="h-9" />
      </div>
    </fieldset>
  );
}
