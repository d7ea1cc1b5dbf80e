import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../../components/ui/date-picker.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { formatDate } from '../../../lib/dates.ts';
import type { useStatisticsParams } from '../hooks/use-statistics-params.ts';
import { previousRange, RANGE_PRESETS, type RangePreset } from '../lib/statistics-range.ts';

type Props = { params: ReturnType<typeof useStatisticsParams> };

/** The period: a preset or two days, and the period the arrows compare it with. */
export function StatisticsRangePicker({ params }: Props) {
  const { t, i18n } = useTranslation('statistics');
  const id = useId();
  const { range, preset } = params;
  const previous = previousRange(range);
  const day = (value: string) => formatDate(value, 'date', i18n.language);
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-preset`} className="text-sm font-medium text-slate-800">
            {t('statistics:range.label')}
          </label>
          <Select
            id={`${id}-preset`}
            value={preset}
            onChange={(e) => params.setPreset(e.target.value as RangePreset)}
            className="min-w-48"
          >
            {RANGE_PRESETS.map((value) => (
              <option key={value} value={value}>
                {t(`statistics:range.presets.${value}`)}
              </option>
            ))}
          </Select>
        </div>
        {preset === 'custom' ? (
          <fieldset className="flex min-w-0 flex-wrap items-end gap-3">
            <legend className="sr-only">{t('statistics:range.custom_legend')}</legend>
            <div className="flex min-w-0 flex-col gap-1.5">
              <label htmlFor={`${id}-from`} className="text-sm font-medium text-slate-800">
                {t('statistics:range.from')}
              </label>
              <DatePicker
                id={`${id}-from`}
                label={t('statistics:range.from')}
                value={range.from}
                max={range.to}
                onChange={(value) => value && params.setCustom({ from: value })}
              />
            </div>
            <div className="flex min-w-0 flex-col gap-1.5">
              <label htmlFor={`${id}-to`} className="text-sm font-medium text-slate-800">
                {t('statistics:range.to')}
              </label>
              <DatePicker
                id={`${id}-to`}
                label={t('statistics:range.to')}
                value={range.to}
                min={range.from}
                onChange={(value) => value && params.setCustom({ to: value })}
              />
            </div>
          </fieldset>
        ) : null}
      </div>
      <p className="text-sm text-slate-600">
        {t('statistics:range.summary', {
          from: day(range.from),
          to: day(range.to),
          previousFrom: day(previous.from),
          previousTo: day(previous.to),
        })}
      </p>
    </div>
  );
}
