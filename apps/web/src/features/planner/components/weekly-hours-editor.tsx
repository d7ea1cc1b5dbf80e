import { useTranslation } from 'react-i18next';
import { WEEKDAYS, type TWeeklyHours } from '@embauche/contracts/planner';
import { RangesEditor } from './ranges-editor.tsx';

type Props = {
  legend: string;
  value: TWeeklyHours;
  onChange: (hours: TWeeklyHours) => void;
  errors?: Partial<Record<string, unknown>> | undefined;
};

/** Hours per weekday, Monday first (the template's clock); a day without hours is not available. */
export function WeeklyHoursEditor({ legend, value, onChange, errors }: Props) {
  const { t } = useTranslation('planner');
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200">
        {WEEKDAYS.map((day) => (
          <li
            key={day}
            className="grid min-w-0 gap-2 p-2 sm:grid-cols-[8rem_minmax(0,1fr)] sm:items-start"
          >
            <span className="pt-1.5 text-sm font-medium text-slate-800">
              {t(`planner:weekdays.${day}`)}
            </span>
            <RangesEditor
              label={t(`planner:weekdays.${day}`)}
              value={value[day] ?? []}
              onChange={(ranges) => onChange({ ...value, [day]: ranges })}
              errors={errors?.[day] as never}
              emptyText={t('planner:hours.unavailable')}
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
