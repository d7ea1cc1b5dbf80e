import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { TFreeSlot } from '@embauche/contracts/planner';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/dates.ts';
import type { SlotDay } from '../lib/slot-days.ts';

type Props = {
  days: SlotDay[];
  pending: boolean;
  timeZone: string;
  chosen: string | null;
  onChoose: (slot: TFreeSlot) => void;
  page: number;
  onPage: (page: number) => void;
  /** The last page the link allows (its horizon). */
  hasNext: boolean;
};

/**
 * The free slots of a week, a heading per day and a button per start time (pressed when chosen),
 * with the previous and next weeks; a phone shows the days one under the other.
 */
export function BookingSlots({
  days,
  pending,
  timeZone,
  chosen,
  onChoose,
  page,
  onPage,
  hasNext,
}: Props) {
  const { t, i18n } = useTranslation('booking');
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
          {t('booking:slots.title')}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => onPage(page - 1)}
            disabled={page === 0}
          >
            <ChevronLeft aria-hidden="true" />
            {t('booking:slots.previous_week')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={!hasNext}>
            {t('booking:slots.next_week')}
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
      <p className="text-xs text-slate-600">
        {t('booking:slots.zone', { zone: timeZone.replaceAll('_', ' ') })}
      </p>
      {pending ? (
        <div className="flex justify-center py-8">
          <Spinner label={t('booking:slots.loading')} />
        </div>
      ) : days.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700">
          {t('booking:slots.none')}
        </p>
      ) : (
        <ul className="flex flex-col gap-4">
          {days.map(({ day, slots }) => (
            <li key={day}>
              <h3 className="mb-2 text-sm font-medium first-letter:uppercase text-slate-800">
                {formatDate(day, 'full', i18n.language)}
              </h3>
              <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
                {slots.map((slot) => {
                  const time = formatDate(slot.start_at, 'time', i18n.language, { timeZone });
                  const selected = chosen === slot.start_at;
                  return (
                    <li key={slot.start_at}>
                      <button
                        type="button"
                        aria-pressed={selected}
                        aria-label={t('booking:slots.slot', {
                          day: formatDate(day, 'full', i18n.language),
                          time,
                        })}
                        onClick={() => onChoose(slot)}
                        className={cn(
                          'h-11 w-full rounded-lg border text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2',
                          selected
                            ? 'border-brand-700 bg-brand-700 text-white'
                            : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
                        )}
                      >
                        {time}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
