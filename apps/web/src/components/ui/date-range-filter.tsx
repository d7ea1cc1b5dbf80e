import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from './date-picker.tsx';

type Props = { legend: string; value: string | null; onChange: (value: string | null) => void };

/**
 * A date range written `yyyy-MM-dd,yyyy-MM-dd` (offer dates, `scope_range`); either side may stay
 * empty. The dates show in the interface's language (DatePicker), never in the browser's.
 */
export function DateRangeFilter({ legend, value, onChange }: Props) {
  const { t } = useTranslation('common');
  const id = useId();
  const [from = '', to = ''] = (value ?? '').split(',');
  const update = (nextFrom: string, nextTo: string) => onChange(nextFrom || nextTo ? `${nextFrom},${nextTo}` : null);
  const fromLabel = t('common:date_range.from');
  const toLabel = t('common:date_range.to');
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-from`} className="text-xs text-slate-700">
          {fromLabel}
        </label>
        <DatePicker
          id={`${id}-from`}
          label={`${legend} – ${fromLabel}`}
          value={from || null}
          max={to || null}
          onChange={(next) => update(next ?? '', to)}
          className="flex-1"
        />
        <label htmlFor={`${id}-to`} className="text-xs text-slate-700">
          {toLabel}
        </label>
        <DatePicker
          id={`${id}-to`}
          label={`${legend} – ${toLabel}`}
          value={to || null}
          min={from || null}
          onChange={(next) => update(from, next ?? '')}
          className="flex-1"
        />
      </div>
    </fieldset>
  );
}
