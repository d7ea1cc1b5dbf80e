import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Popover } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import {
  addDays, addMonths, addYears, eachDayOfInterval, endOfMonth, endOfWeek, format, isSameDay, isSameMonth,
  isValid, parse, startOfMonth, startOfWeek,
} from 'date-fns';
import { DATE_FIELD_FORMATS, dateLocale, formatDate, weekOptions } from '../../lib/dates.ts';
import { toLanguage } from '../../lib/language.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';
import { Input } from './input.tsx';

/** The value format: the URL and the API always speak `yyyy-MM-dd`, whatever the language. */
export const ISO_DATE = 'yyyy-MM-dd';

/** What the text field shows and accepts, with its placeholder: the language's date (lib/dates.ts). */
export function textFormat(language: string | undefined) {
  return DATE_FIELD_FORMATS[toLanguage(language)];
}

/** `yyyy-MM-dd` to a local date, or null. */
export function parseIsoDate(value: string | null | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = parse(value, ISO_DATE, new Date());
  return isValid(date) ? date : null;
}

/** Typed text in the language's format (or `yyyy-MM-dd`) to a date; null when it is not a date. */
export function parseTypedDate(text: string, language: string | undefined): Date | null {
  const trimmed = text.trim();
  const iso = parseIsoDate(trimmed);
  if (iso) return iso;
  const date = parse(trimmed, textFormat(language).pattern, new Date(), { locale: dateLocale(language) });
  return isValid(date) && date.getFullYear() >= 1000 && date.getFullYear() <= 9999 ? date : null;
}

type Props = {
  /** `yyyy-MM-dd` or null. */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  /** The field's name, used to name the calendar button ("Choose a date: Closing date"). */
  label: string;
  id?: string;
  name?: string;
  min?: string | null | undefined;
  max?: string | null | undefined;
  disabled?: boolean;
  className?: string;
  onBlur?: () => void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
  'aria-required'?: boolean | undefined;
};

/**
 * A date field in the interface's language, not the browser's: a text field in the language's
 * format (dd/MM/yyyy in French) and a calendar popover whose weeks follow the date-fns locale
 * (Monday first in fr, es, de). Keyboard in the calendar: arrows move by day or week, PageUp and
 * PageDown by month (with Shift by year), Home and End to the week's ends, Enter or Space chooses,
 * Escape closes and gives focus back to the button.
 */
export function DatePicker({
  value, onChange, label, id, name, min, max, disabled, className, onBlur,
  'aria-invalid': ariaInvalid, 'aria-describedby': describedBy, 'aria-required': ariaRequired,
}: Props) {
  const { t, i18n } = useTranslation('common');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { pattern, placeholder } = textFormat(language);
  const selected = parseIsoDate(value);
  const shown = selected ? format(selected, pattern) : '';
  const [text, setText] = useState(shown);
  const [typedInvalid, setTypedInvalid] = useState(false);
  const [open, setOpen] = useState(false);
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const hintId = `${inputId}-format`;

  // The value (or the language) changed from outside: show it in the current format.
  const [lastShown, setLastShown] = useState(shown);
  if (lastShown !== shown) {
    setLastShown(shown);
    setText(shown);
    setTypedInvalid(false);
  }

  const commit = () => {
    if (text.trim() === '') {
      setTypedInvalid(false);
      if (value) onChange(null);
      return;
    }
    const date = parseTypedDate(text, language);
    if (!date) {
      setTypedInvalid(true);
      return;
    }
    setTypedInvalid(false);
    const next = format(date, ISO_DATE);
    setText(format(date, pattern));
    if (next !== value) onChange(next);
  };

  const choose = (date: Date) => {
    setOpen(false);
    setTypedInvalid(false);
    setText(format(date, pattern));
    onChange(format(date, ISO_DATE));
  };

  const buttonLabel = selected
    ? `${t('common:date_picker.open')} (${label}), ${formatDate(selected, 'full', language)}`
    : `${t('common:date_picker.open')} (${label})`;

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <div className={cn('relative min-w-36', className)}>
        <Input
          id={inputId}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={placeholder}
          value={text}
          disabled={disabled}
          aria-invalid={ariaInvalid || typedInvalid || undefined}
          aria-required={ariaRequired}
          aria-describedby={[describedBy, hintId].filter(Boolean).join(' ')}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => {
            commit();
            onBlur?.();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && text !== shown) {
              event.preventDefault();
              commit();
            } else if (event.key === 'ArrowDown' && event.altKey) {
              event.preventDefault();
              setOpen(true);
            }
          }}
          className="h-9 pr-10"
        />
        <span id={hintId} className="sr-only">
          {typedInvalid ? `${t('common:date_picker.invalid')}. ` : ''}
          {t('common:date_picker.format_hint', { format: placeholder })}
        </span>
        <Popover.Trigger asChild>
          <Button
            variant="ghost"
            size="icon"
            disabled={disabled}
            aria-label={buttonLabel}
            className="absolute right-0.5 top-1/2 size-8 -translate-y-1/2 text-slate-600"
          >
            <CalendarDays aria-hidden="true" />
          </Button>
        </Popover.Trigger>
      </div>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          aria-label={`${t('common:date_picker.calendar')} (${label})`}
          className="z-50 rounded-xl border border-slate-200 bg-white p-3 shadow-lg"
          // Focus goes to the chosen day (or today), as in the WAI-ARIA date picker dialog.
          onOpenAutoFocus={(event) => event.preventDefault()}
        >
          <Calendar
            selected={selected}
            min={parseIsoDate(min)}
            max={parseIsoDate(max)}
            language={language}
            onChoose={choose}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

type CalendarProps = {
  selected: Date | null;
  min: Date | null;
  max: Date | null;
  language: string;
  onChoose: (date: Date) => void;
};

const dayKey = (date: Date) => format(date, ISO_DATE);

/** The month grid (WAI-ARIA grid pattern, one tab stop: the focused day). */
function Calendar({ selected, min, max, language, onChoose }: CalendarProps) {
  const { t } = useTranslation('common');
  const locale = dateLocale(language);
  const { weekStartsOn } = weekOptions(language);
  const [focused, setFocused] = useState(() => selected ?? new Date());
  const gridRef = useRef<HTMLTableElement>(null);
  const titleId = useId();
  const hintId = useId();
  const today = new Date();

  // On opening and on keyboard moves the focused day takes focus; the month buttons keep theirs.
  const focusDay = useRef(true);
  useEffect(() => {
    if (focusDay.current) gridRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${dayKey(focused)}"]`)?.focus();
  }, [focused]);
  const showMonth = (delta: number) => {
    focusDay.current = false;
    setFocused(addMonths(focused, delta));
  };

  // The grid changes only when the focused day leaves the shown month.
  const month = format(focused, 'yyyy-MM');
  const weeks = useMemo(() => {
    const first = startOfMonth(parse(month, 'yyyy-MM', new Date()));
    const days = eachDayOfInterval({
      start: startOfWeek(first, { weekStartsOn }),
      end: endOfWeek(endOfMonth(first), { weekStartsOn }),
    });
    const rows: Date[][] = [];
    for (let i = 0; i < days.length; i += 7) rows.push(days.slice(i, i + 7));
    return rows;
  }, [month, weekStartsOn]);

  const outOfRange = (date: Date) => (min !== null && dayKey(date) < dayKey(min)) || (max !== null && dayKey(date) > dayKey(max));

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const moves: Record<string, () => Date> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      PageUp: () => (event.shiftKey ? addYears(focused, -1) : addMonths(focused, -1)),
      PageDown: () => (event.shiftKey ? addYears(focused, 1) : addMonths(focused, 1)),
      Home: () => startOfWeek(focused, { weekStartsOn }),
      End: () => endOfWeek(focused, { weekStartsOn }),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      focusDay.current = true;
      setFocused(move());
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (!outOfRange(focused)) onChoose(focused);
    }
  };

  const weekdays = weeks[0] ?? [];
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <Button variant="ghost" size="icon" className="size-8" aria-label={t('common:date_picker.previous_month')} onClick={() => showMonth(-1)}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <p id={titleId} aria-live="polite" className="text-sm font-semibold capitalize text-slate-900">
          {formatDate(focused, 'month', language)}
        </p>
        <Button variant="ghost" size="icon" className="size-8" aria-label={t('common:date_picker.next_month')} onClick={() => showMonth(1)}>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <table ref={gridRef} role="grid" aria-labelledby={titleId} aria-describedby={hintId} onKeyDown={onKeyDown} className="border-collapse text-center text-sm">
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th key={day.getDay()} scope="col" abbr={formatDate(day, 'weekday', language)} className="size-9 text-xs font-medium capitalize text-slate-600">
                {format(day, 'EEEEEE', { locale })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={dayKey(week[0]!)}>
              {week.map((day) => {
                if (!isSameMonth(day, focused)) return <td key={dayKey(day)} role="gridcell" />;
                const isSelected = selected !== null && isSameDay(day, selected);
                const isFocused = isSameDay(day, focused);
                const disabled = outOfRange(day);
                return (
                  <td key={dayKey(day)} role="gridcell" aria-selected={isSelected} className="p-0.5">
                    <button
                      type="button"
                      data-date={dayKey(day)}
                      tabIndex={isFocused ? 0 : -1}
                      aria-label={formatDate(day, 'full', language)}
                      aria-current={isSameDay(day, today) ? 'date' : undefined}
                      aria-disabled={disabled || undefined}
                      onClick={() => {
                        focusDay.current = true;
                        setFocused(day);
                        if (!disabled) onChoose(day);
                      }}
                      className={cn(
                        'size-8 rounded-md text-slate-900 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                        isSameDay(day, today) && 'font-semibold text-brand-700 underline underline-offset-4',
                        isSelected && 'bg-brand-600 text-white hover:bg-brand-700',
                        disabled && 'cursor-not-allowed text-slate-500 line-through hover:bg-transparent',
                      )}
                    >
                      {format(day, 'd')}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p id={hintId} className="sr-only">
        {t('common:date_picker.keyboard_hint')}
      </p>
    </div>
  );
}
