import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateTimePicker } from '../../../components/ui/date-time-picker.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { browserTimeZone } from '../../../lib/dates.ts';
import { isPast, localToIso } from '../lib/send-at.ts';
import type { MailingForm } from '../lib/mailing-form.ts';

const RADIO =
  'mt-0.5 size-4 shrink-0 accent-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500';

/** Now, or at a date and time of the user's own time zone (a time already past sends now, as the server does). */
export function MailingScheduleFields({ form }: { form: UseFormReturn<MailingForm> }) {
  const { t } = useTranslation('multicast');
  const when = useWatch({ control: form.control, name: 'when' });
  const sendAt = useWatch({ control: form.control, name: 'send_at' });
  const iso = sendAt ? localToIso(sendAt) : null;
  const past = iso !== null && isPast(iso);
  const hint = [
    t('multicast:when.time_zone', { zone: browserTimeZone() }),
    past ? t('multicast:when.past') : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">
        {t('multicast:when.legend')}
      </legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {(['now', 'later'] as const).map((value) => (
          <label key={value} className="flex items-start gap-2 text-sm text-slate-800">
            <input type="radio" value={value} className={RADIO} {...form.register('when')} />
            <span>{t(`multicast:when.${value}`)}</span>
          </label>
        ))}
      </div>
      {when === 'later' ? (
        <Controller
          control={form.control}
          name="send_at"
          render={({ field, fieldState }) => (
            <FormField label={t('multicast:when.at')} required error={fieldState.error} hint={hint}>
              {(c) => (
                <DateTimePicker
                  {...c}
                  label={t('multicast:when.at')}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            </FormField>
          )}
        />
      ) : null}
    </fieldset>
  );
}
