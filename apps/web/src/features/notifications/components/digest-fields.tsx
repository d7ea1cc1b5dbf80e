import { useId, type InputHTMLAttributes, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_DIGESTS } from '@embauche/contracts/notification-preferences';
import { Select } from '../../../components/ui/select.tsx';
import { formatDate } from '../../../lib/dates.ts';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

type Props = {
  /** Each radio's props (register('digest')), by value. */
  radio: (value: string) => InputHTMLAttributes<HTMLInputElement>;
  /** The hour select's props (register('digest_hour')). */
  hour: SelectHTMLAttributes<HTMLSelectElement>;
  /** Whether the hour is chosen here (an own daily digest). */
  showHour: boolean;
  timeZone: string;
  /** A user's first choice: the company's digest, described (absent on the company's page). */
  companyChoice?: string;
  hourError?: string;
};

/** The hour as the app writes times (24-hour clock, the interface language's format). */
export function hourLabel(hour: number, language: string): string {
  return formatDate(new Date(2024, 0, 1, hour), 'time', language);
}

/**
 * How notification e-mails go out: at once, in one digest a day at an hour (on the company's
 * clock), or never; for a user, first "as the company". Radios in a fieldset, the hour a select.
 */
export function DigestFields({ radio, hour, showHour, timeZone, companyChoice, hourError }: Props) {
  const { t, i18n } = useTranslation('notification_preferences');
  const hourId = useId();
  const options = [
    ...(companyChoice !== undefined
      ? [
          {
            value: 'company',
            label: t('notification_preferences:digest.company', { choice: companyChoice }),
          },
        ]
      : []),
    ...NOTIFICATION_DIGESTS.map((value) => ({
      value,
      label: t(`notification_preferences:digest.${value}`),
    })),
  ];
  return (
    <div className="flex flex-col gap-4">
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">
          {t('notification_preferences:digest.legend')}
        </legend>
        <div className="mt-2 flex flex-col gap-1">
          {options.map((option) => (
            <label
              key={option.value}
              className="flex min-h-10 items-center gap-2 text-sm text-slate-800"
            >
              <input
                type="radio"
                value={option.value}
                className="size-4 accent-brand-600"
                {...radio(option.value)}
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      {showHour ? (
        <div className="flex max-w-xs flex-col gap-1.5">
          <label htmlFor={hourId} className="text-sm font-medium text-slate-800">
            {t('notification_preferences:digest.hour')}
          </label>
          <Select
            id={hourId}
            aria-describedby={`${hourId}-hint`}
            aria-invalid={hourError ? true : undefined}
            {...hour}
          >
            {HOURS.map((h) => (
              <option key={h} value={h}>
                {hourLabel(h, i18n.language)}
              </option>
            ))}
          </Select>
          {hourError ? <p className="text-sm text-red-700">{hourError}</p> : null}
          <p id={`${hourId}-hint`} className="text-xs text-slate-600">
            {t('notification_preferences:digest.hour_hint', {
              zone: timeZone.replaceAll('_', ' '),
            })}
          </p>
        </div>
      ) : null}
    </div>
  );
}
