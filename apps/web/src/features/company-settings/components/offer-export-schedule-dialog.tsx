import { useState } from 'react';
import { Controller, useForm, useWatch, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { OFFER_EXPORT_COLUMNS } from '@embauche/contracts/export-labels';
import {
  MONTH_DAY_MAX,
  OFFER_EXPORT_FREQUENCIES,
  WEEKDAYS,
  ZOfferExportScheduleForm,
  type TOfferExportSchedule,
  type TOfferExportScheduleForm,
  type TOfferExportScheduleFormInput,
} from '@embauche/contracts/offer-export-schedules';
import { UserMultiSelect } from '../../../components/user-multi-select.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useOfferExportRecipients } from '../api/get-offer-export-recipients.ts';
import { useSaveOfferExportSchedule } from '../api/save-offer-export-schedule.ts';
import { OfferExportFileFields } from './offer-export-file-fields.tsx';
import { toLanguage } from '../../../lib/language.ts';
import { formatDate } from '../../../lib/dates.ts';

const FIELDS = ['name', 'frequency', 'weekday', 'month_day', 'hour', 'format', 'columns', 'language', 'recipient_ids', 'enabled'] as const;

/** A weekday's name in the reader's language (1 Monday … 7 Sunday; 1 January 2024 was a Monday). */
export function weekdayName(locale: string, weekday: number): string {
  return formatDate(new Date(2024, 0, weekday), 'weekday', locale);
}

type Props = { schedule?: TOfferExportSchedule; onClose: () => void };

/** Add or edit a scheduled export: when it runs, what it writes and who gets the link. */
export function OfferExportScheduleDialog({ schedule, onClose }: Props) {
  const { t, i18n } = useTranslation(['company_settings', 'errors', 'common']);
  const lang = toLanguage(i18n.language);
  const save = useSaveOfferExportSchedule();
  const recipients = useOfferExportRecipients();
  const [search, setSearch] = useState('');
  const form = useForm<TOfferExportScheduleFormInput, unknown, TOfferExportScheduleForm>({
    resolver: zodResolver(ZOfferExportScheduleForm),
    defaultValues: schedule
      ? {
          name: schedule.name,
          frequency: schedule.frequency,
          weekday: schedule.weekday === null ? '' : String(schedule.weekday),
          month_day: schedule.month_day === null ? '' : String(schedule.month_day),
          hour: String(schedule.hour),
          format: schedule.format,
          columns: schedule.columns,
          language: schedule.language,
          recipient_ids: schedule.recipient_ids,
          enabled: schedule.enabled,
        }
      : { name: '', frequency: 'weekly', weekday: '1', month_day: '1', hour: '7', format: 'xlsx', columns: [...OFFER_EXPORT_COLUMNS], language: lang, recipient_ids: [], enabled: true },
  });
  const { errors } = form.formState;
  const frequency = useWatch({ control: form.control, name: 'frequency' });
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...values, id: schedule?.id });
      toast.success(t(schedule ? 'company_settings:schedules.updated' : 'company_settings:schedules.created', { name: values.name }));
      onClose();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, FIELDS)) toast.error(t('errors:generic'));
    }
  });
  const term = search.trim().toLowerCase();
  const people = (recipients.data?.data ?? []).map((u) => ({ id: u.id, label: `${u.firstname} ${u.lastname}`.trim(), hint: u.email }));
  const found = term ? people.filter((p) => `${p.label} ${p.hint}`.toLowerCase().includes(term)) : people;
  const hourLabel = (h: number) => formatDate(new Date(2024, 0, 1, h), 'time', i18n.language);
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(schedule ? 'company_settings:schedules.edit_title' : 'company_settings:schedules.create_title')}
      description={t('company_settings:schedules.dialog_description')}
      className="max-w-2xl"
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField label={t('company_settings:schedules.name')} required error={errors.name}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label={t('company_settings:schedules.frequency')} required error={errors.frequency}>
            {(control) => (
              <Select {...control} {...form.register('frequency')}>
                {OFFER_EXPORT_FREQUENCIES.map((f) => (
                  <option key={f} value={f}>
                    {t(`company_settings:schedules.frequencies.${f}`)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          {frequency === 'weekly' ? (
            <FormField label={t('company_settings:schedules.weekday')} required error={errors.weekday as FieldError | undefined}>
              {(control) => (
                <Select {...control} {...form.register('weekday')}>
                  {WEEKDAYS.map((d) => (
                    <option key={d} value={String(d)}>
                      {weekdayName(i18n.language, d)}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          ) : null}
          {frequency === 'monthly' ? (
            <FormField label={t('company_settings:schedules.month_day')} required error={errors.month_day as FieldError | undefined}>
              {(control) => (
                <Select {...control} {...form.register('month_day')}>
                  {Array.from({ length: MONTH_DAY_MAX }, (_, i) => i + 1).map((d) => (
                    <option key={d} value={String(d)}>
                      {d}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          ) : null}
          <FormField label={t('company_settings:schedules.hour')} required error={errors.hour as FieldError | undefined} hint={t('company_settings:schedules.hour_hint')}>
            {(control) => (
              <Select {...control} {...form.register('hour')}>
                {Array.from({ length: 24 }, (_, h) => (
                  <option key={h} value={String(h)}>
                    {hourLabel(h)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        <OfferExportFileFields register={form.register} setValue={form.setValue} errors={errors} compact />
        <Controller
          control={form.control}
          name="recipient_ids"
          render={({ field, fieldState }) => (
            <UserMultiSelect
              value={field.value ?? []}
              onChange={field.onChange}
              options={found}
              search={search}
              onSearchChange={setSearch}
              pending={recipients.isPending}
              fetching={recipients.isFetching}
              required
              error={fieldState.error}
              labels={{
                legend: t('company_settings:schedules.recipients'),
                search: t('company_settings:schedules.recipients_search'),
                selectAll: t('company_settings:schedules.recipients_all'),
                unselectAll: t('company_settings:schedules.recipients_none'),
                selected: t('company_settings:schedules.recipients_selected', { count: (field.value ?? []).length }),
                empty: t('company_settings:schedules.recipients_empty'),
              }}
            />
          )}
        />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <Checkbox {...form.register('enabled')} />
          {t('company_settings:schedules.enabled')}
        </label>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="outline" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t('company_settings:schedules.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
