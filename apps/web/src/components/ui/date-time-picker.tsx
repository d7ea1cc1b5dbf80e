import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from './date-picker.tsx';
import { Input } from './input.tsx';

const TIME = /^([01]?\d|2[0-3])[:hH.]?([0-5]\d)$/;

/** `9:05`, `09h05`, `0905` to `09:05`; null when it is not a time. */
export function parseTypedTime(text: string): string | null {
  const match = TIME.exec(text.trim());
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : null;
}

type Props = {
  /** `yyyy-MM-ddTHH:mm` (what `<input type="datetime-local">` gives) or null. */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  /** The field's name, for the calendar button and the time field. */
  label: string;
  id?: string;
  name?: string;
  disabled?: boolean;
  onBlur?: () => void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
  'aria-required'?: boolean | undefined;
};

/**
 * A date and a 24-hour time in the interface's language (replaces `datetime-local`, which follows
 * the browser's). The label's `id` goes to the date field; the time field is named "Time (label)".
 * Without a time the value uses 00:00; without a date it is null.
 */
export function DateTimePicker({ value, onChange, label, id, name, disabled, onBlur, ...aria }: Props) {
  const { t } = useTranslation('common');
  const [date = '', time = ''] = (value ?? '').split('T');
  const shownTime = time.slice(0, 5);
  const [timeText, setTimeText] = useState(shownTime);
  const [timeInvalid, setTimeInvalid] = useState(false);
  const [lastTime, setLastTime] = useState(shownTime);
  if (lastTime !== shownTime) {
    setLastTime(shownTime);
    setTimeText(shownTime);
  }
  const emit = (nextDate: string | null, nextTime: string) => onChange(nextDate ? `${nextDate}T${nextTime || '00:00'}` : null);
  const commitTime = () => {
    if (timeText.trim() === '') {
      setTimeInvalid(false);
      if (date) emit(date, '00:00');
      return;
    }
    const parsed = parseTypedTime(timeText);
    setTimeInvalid(!parsed);
    if (!parsed) return;
    setTimeText(parsed);
    if (date && parsed !== shownTime) emit(date, parsed);
  };
  const timeHintId = `${id ?? name ?? 'datetime'}-time-hint`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <DatePicker id={id} name={name} label={label} value={date || null} disabled={disabled} onChange={(next) => emit(next, shownTime)} onBlur={onBlur} className="flex-1" {...aria} />
      <Input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="hh:mm"
        aria-label={`${t('common:date_picker.time')} (${label})`}
        aria-describedby={timeHintId}
        aria-invalid={timeInvalid || undefined}
        disabled={disabled}
        value={timeText}
        onChange={(event) => setTimeText(event.target.value)}
        onBlur={() => {
          commitTime();
          onBlur?.();
        }}
        className="h-9 w-24"
      />
      <span id={timeHintId} className="sr-only">
        {t('common:date_picker.time_hint')}
      </span>
    </div>
  );
}
