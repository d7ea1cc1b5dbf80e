import { Controller, useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  SMS_DAILY_CAP_MAX,
  ZSmsSettingsForm,
  type TSmsSettings,
  type TSmsSettingsForm,
  type TSmsSettingsFormInput,
} from '@embauche/contracts/sms';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useSaveSmsSettings } from '../api/save-sms-settings.ts';
import { SmsCountrySelect } from './sms-country-select.tsx';

const defaults = (s: TSmsSettings): TSmsSettingsFormInput => ({
  allowed_countries: s.allowed_countries,
  daily_cap: s.daily_cap,
});

/** The list's own error (empty, too long, refused), or its first country's (not a code). */
function listError(error: unknown): FieldError | undefined {
  if (!error) return undefined;
  if (Array.isArray(error)) return error.find(Boolean) as FieldError | undefined;
  return error as FieldError;
}

/**
 * The form of config page `account-infos/sms` (`config.account` and the SMS feature, issue 33):
 * where the company's texts may go and how many a day. Satellite, international-network,
 * premium-rate and shared-cost numbers are refused whatever is chosen here (the page says so).
 */
export function SmsSettingsForm({ saved }: { saved: TSmsSettings }) {
  const { t } = useTranslation(['sms', 'errors']);
  const errorMessage = useApiErrorMessage();
  const save = useSaveSmsSettings();
  const form = useForm<TSmsSettingsFormInput, unknown, TSmsSettingsForm>({
    resolver: zodResolver(ZSmsSettingsForm),
    defaultValues: defaults(saved),
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const next = await save.mutateAsync(values);
      form.reset(defaults(next));
      toast.success(t('sms:settings.saved'));
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['allowed_countries', 'daily_cap'])) toast.error(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <Controller
        control={form.control}
        name="allowed_countries"
        render={({ field }) => (
          <SmsCountrySelect
            value={(field.value as string[] | undefined) ?? []}
            onChange={field.onChange}
            countries={saved.countries}
            companyCountry={saved.company_country}
            error={listError(errors.allowed_countries)}
          />
        )}
      />
      <FormField
        label={t('sms:settings.daily_cap')}
        hint={t('sms:settings.daily_cap_hint', { count: saved.default_daily_cap, zone: saved.time_zone.replaceAll('_', ' ') })}
        error={errors.daily_cap as FieldError | undefined}
        className="max-w-xs"
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            max={SMS_DAILY_CAP_MAX}
            step={1}
            placeholder={String(saved.default_daily_cap)}
            {...form.register('daily_cap', { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) })}
          />
        )}
      </FormField>
      <p className="text-sm text-slate-700" aria-live="polite">
        {t('sms:settings.sent_today', { count: saved.sent_today, cap: saved.daily_cap ?? saved.default_daily_cap })}
      </p>
      <div className="flex justify-end">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('sms:settings.save')}
        </Button>
      </div>
    </form>
  );
}
