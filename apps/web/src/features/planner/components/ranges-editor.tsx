import { useTranslation } from 'react-i18next';
import { Plus, X } from 'lucide-react';
import { TEMPLATE_RANGES_PER_DAY_MAX, type TTimeRange } from '@embauche/contracts/planner';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { translateErrorCode } from '../../../lib/error-message.ts';

type RangeErrors =
  ({ start?: { message?: string }; end?: { message?: string } } | undefined)[] | undefined;

type Props = {
  /** What the ranges are for ("Monday", "12/04/2026"): names each field for screen readers. */
  label: string;
  value: TTimeRange[];
  onChange: (ranges: TTimeRange[]) => void;
  errors?: RangeErrors;
  /** Shown when there is no range ("Unavailable", "Day off"). */
  emptyText: string;
};

/** A day's hours as `HH:mm` pairs typed on the template's clock (24-hour in every language). */
export function RangesEditor({ label, value, onChange, errors, emptyText }: Props) {
  const { t } = useTranslation(['planner', 'errors']);
  const update = (index: number, part: 'start' | 'end', text: string) =>
    onChange(value.map((r, i) => (i === index ? { ...r, [part]: text } : r)));
  const last = value[value.length - 1];
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      {value.length === 0 ? <p className="text-sm text-slate-600">{emptyText}</p> : null}
      {value.map((range, index) => {
        const error = errors?.[index];
        const message = error?.start?.message ?? error?.end?.message;
        return (
          <div key={index} className="flex flex-col gap-0.5">
            <div className="flex flex-wrap items-center gap-1.5">
              <Input
                className="h-9 w-20"
                inputMode="numeric"
                placeholder="09:00"
                aria-label={t('planner:hours.from', { label, index: index + 1 })}
                aria-invalid={Boolean(error?.start) || undefined}
                value={range.start}
                onChange={(event) => update(index, 'start', event.target.value)}
              />
              <span aria-hidden="true">–</span>
              <Input
                className="h-9 w-20"
                inputMode="numeric"
                placeholder="18:00"
                aria-label={t('planner:hours.to', { label, index: index + 1 })}
                aria-invalid={Boolean(error?.end) || undefined}
                value={range.end}
                onChange={(event) => update(index, 'end', event.target.value)}
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('planner:hours.remove', { label, index: index + 1 })}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
            {message ? (
              <p className="text-xs text-red-700">{translateErrorCode(t, message)}</p>
            ) : null}
          </div>
        );
      })}
      {value.length < TEMPLATE_RANGES_PER_DAY_MAX ? (
        <div>
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('planner:hours.add_named', { label })}
            onClick={() =>
              onChange([
                ...value,
                last
                  ? { start: last.end, end: last.end === '24:00' ? '24:00' : last.end }
                  : { start: '09:00', end: '17:00' },
              ])
            }
          >
            <Plus aria-hidden="true" />
            {t('planner:hours.add')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
