import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import {
  TEMPLATE_EXCEPTIONS_MAX,
  type TAvailabilityException,
  type TPlannerPerson,
} from '@embauche/contracts/planner';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { DatePicker } from '../../../components/ui/date-picker.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { personName } from '../lib/appointment-form.ts';
import { RangesEditor } from './ranges-editor.tsx';

type ExceptionErrors =
  | (
      { date?: { message?: string }; user_id?: { message?: string }; ranges?: unknown } | undefined
    )[]
  | undefined;

type Props = {
  value: TAvailabilityException[];
  onChange: (exceptions: TAvailabilityException[]) => void;
  interviewers: TPlannerPerson[];
  errors?: ExceptionErrors;
};

/** Days that differ from the weekly hours: a day off, or other hours, for everyone or one interviewer. */
export function ExceptionsEditor({ value, onChange, interviewers, errors }: Props) {
  const { t, i18n } = useTranslation(['planner', 'errors']);
  const id = useId();
  const update = (index: number, patch: Partial<TAvailabilityException>) =>
    onChange(value.map((e, i) => (i === index ? { ...e, ...patch } : e)));
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">
        {t('planner:exceptions.legend')}
      </legend>
      <p className="text-xs text-slate-600">{t('planner:exceptions.hint')}</p>
      {value.length ? (
        <ul className="flex flex-col gap-2">
          {value.map((exception, index) => {
            const label = exception.date
              ? formatDate(exception.date, 'date', i18n.language)
              : t('planner:exceptions.item', { index: index + 1 });
            const error = errors?.[index];
            return (
              <li
                key={index}
                className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 p-2"
              >
                <div className="flex flex-wrap items-end gap-2">
                  <div className="flex flex-col gap-1">
                    <label
                      htmlFor={`${id}-${index}-date`}
                      className="text-xs font-medium text-slate-800"
                    >
                      {t('planner:exceptions.date')}
                    </label>
                    <DatePicker
                      id={`${id}-${index}-date`}
                      label={t('planner:exceptions.date')}
                      value={exception.date || null}
                      onChange={(date) => update(index, { date: date ?? '' })}
                      aria-invalid={Boolean(error?.date) || undefined}
                    />
                  </div>
                  <div className="flex min-w-0 flex-col gap-1">
                    <label
                      htmlFor={`${id}-${index}-who`}
                      className="text-xs font-medium text-slate-800"
                    >
                      {t('planner:exceptions.who')}
                    </label>
                    <Select
                      id={`${id}-${index}-who`}
                      value={exception.user_id ?? ''}
                      onChange={(event) =>
                        update(index, {
                          user_id: event.target.value ? Number(event.target.value) : null,
                        })
                      }
                    >
                      <option value="">{t('planner:exceptions.everyone')}</option>
                      {interviewers.map((p) => (
                        <option key={p.id} value={p.id}>
                          {personName(p)}
                        </option>
                      ))}
                    </Select>
                  </div>
                  <label className="flex items-center gap-2 pb-2 text-sm text-slate-800">
                    <Checkbox
                      checked={exception.ranges.length === 0}
                      onChange={(event) =>
                        update(index, {
                          ranges: event.target.checked ? [] : [{ start: '09:00', end: '12:00' }],
                        })
                      }
                    />
                    {t('planner:exceptions.day_off')}
                  </label>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('planner:exceptions.remove', { label })}
                    onClick={() => onChange(value.filter((_, i) => i !== index))}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
                {error?.date?.message ? (
                  <p className="text-xs text-red-700">
                    {translateErrorCode(t, error.date.message)}
                  </p>
                ) : null}
                {exception.ranges.length ? (
                  <RangesEditor
                    label={label}
                    value={exception.ranges}
                    onChange={(ranges) => update(index, { ranges })}
                    errors={error?.ranges as never}
                    emptyText={t('planner:exceptions.day_off')}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {value.length < TEMPLATE_EXCEPTIONS_MAX ? (
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => onChange([...value, { date: '', user_id: null, ranges: [] }])}
          >
            <Plus aria-hidden="true" />
            {t('planner:exceptions.add')}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
