import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  AVAILABILITY_MODES,
  LOCATION_KINDS,
  TEMPLATE_LOCATION_MAX,
  TEMPLATE_NAME_MAX,
  type TAppointmentTemplate,
  type TAppointmentTemplateInput,
  type TPlannerPerson,
} from '@embauche/contracts/planner';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { browserTimeZone } from '../../../lib/dates.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useSaveTemplate } from '../api/save-template.ts';
import { personName } from '../lib/appointment-form.ts';
import {
  defaultTemplateValues,
  officeHours,
  templateField,
  templateResolver,
  type TemplateFormValues,
} from '../lib/template-form.ts';
import { ExceptionsEditor } from './exceptions-editor.tsx';
import { PeoplePicker } from './people-picker.tsx';
import { TemplateMailModels } from './template-mail-models.tsx';
import { WeeklyHoursEditor } from './weekly-hours-editor.tsx';

function timeZones(current: string): string[] {
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
}

type Props = {
  template?: TAppointmentTemplate;
  me?: TPlannerPerson;
  canUseModels: boolean;
  onClose: () => void;
};

/**
 * Creates or edits an appointment template: its length and buffers, the place, the interviewers,
 * when they can be booked (weekly hours shared or per interviewer, days that differ, how far ahead
 * and with what notice, on the template's clock) and the e-mail models of its messages.
 */
export function TemplateDialog({ template, me, canUseModels, onClose }: Props) {
  const { t } = useTranslation(['planner', 'common', 'errors']);
  const save = useSaveTemplate();
  const errorMessage = useApiErrorMessage();
  const [problem, setProblem] = useState<string | null>(null);
  const [initial] = useState(() => defaultTemplateValues(browserTimeZone(), template, me));
  const form = useForm<TemplateFormValues, unknown, TAppointmentTemplateInput>({
    resolver: templateResolver,
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const [mode, interviewers, locationKind, zone] = useWatch({
    control: form.control,
    name: ['availability_mode', 'interviewers', 'location_kind', 'time_zone'],
  });
  const zones = useMemo(() => timeZones(initial.time_zone), [initial.time_zone]);
  const number = { valueAsNumber: true } as const;

  const submit = form.handleSubmit(async (input) => {
    setProblem(null);
    try {
      await save.mutateAsync({ ...input, id: template?.id });
      toast.success(
        t(template ? 'planner:templates.saved' : 'planner:templates.created', { name: input.name }),
      );
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 422 && error.errors) {
        const values = form.getValues();
        for (const [field, codes] of Object.entries(error.errors))
          form.setError(templateField(field, values) as 'name', {
            type: 'server',
            message: codes[0],
          });
        setProblem(t('planner:templates.check_fields'));
        return;
      }
      setProblem(errorMessage(error));
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(template ? 'planner:templates.edit_title' : 'planner:templates.create_title')}
      description={t('planner:templates.dialog_description')}
      className="max-w-3xl"
    >
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex min-w-0 flex-col gap-5"
      >
        <FormAlert message={problem} />
        <FormField label={t('planner:templates.name')} error={errors.name} required>
          {(control) => (
            <Input
              {...control}
              maxLength={TEMPLATE_NAME_MAX + 20}
              autoComplete="off"
              {...form.register('name')}
            />
          )}
        </FormField>
        <div className="grid min-w-0 gap-4 sm:grid-cols-4">
          <FormField
            label={t('planner:templates.duration')}
            error={errors.duration_minutes}
            required
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                min={5}
                step={5}
                {...form.register('duration_minutes', number)}
              />
            )}
          </FormField>
          <FormField
            label={t('planner:templates.buffer_before')}
            error={errors.buffer_before_minutes}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                min={0}
                step={5}
                {...form.register('buffer_before_minutes', number)}
              />
            )}
          </FormField>
          <FormField
            label={t('planner:templates.buffer_after')}
            error={errors.buffer_after_minutes}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                min={0}
                step={5}
                {...form.register('buffer_after_minutes', number)}
              />
            )}
          </FormField>
          <FormField
            label={t('planner:templates.step')}
            error={errors.slot_step_minutes}
            hint={t('planner:templates.step_hint')}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                min={5}
                step={5}
                {...form.register('slot_step_minutes', {
                  setValueAs: (v: string) => (v === '' || v === null ? null : Number(v)),
                })}
              />
            )}
          </FormField>
        </div>
        <div className="grid min-w-0 gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
          <FormField
            label={t('planner:dialog.location_kind')}
            error={errors.location_kind}
            required
          >
            {(control) => (
              <Select {...control} {...form.register('location_kind')}>
                {LOCATION_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`planner:location.${kind}`)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label={t(`planner:location.${locationKind}_value`)} error={errors.location}>
            {(control) => (
              <Input
                {...control}
                maxLength={TEMPLATE_LOCATION_MAX}
                {...form.register('location')}
              />
            )}
          </FormField>
        </div>
        <Controller
          control={form.control}
          name="interviewers"
          render={({ field }) => (
            <PeoplePicker
              legend={t('planner:dialog.interviewers')}
              value={field.value}
              onChange={field.onChange}
              required
              error={errors.interviewers as never}
            />
          )}
        />
        <div className="grid min-w-0 gap-4 sm:grid-cols-3">
          <FormField label={t('planner:templates.time_zone')} error={errors.time_zone} required>
            {(control) => (
              <Select {...control} {...form.register('time_zone')}>
                {zones.map((z) => (
                  <option key={z} value={z}>
                    {z.replaceAll('_', ' ')}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label={t('planner:templates.horizon')} error={errors.horizon_days} required>
            {(control) => (
              <Input
                {...control}
                type="number"
                min={1}
                {...form.register('horizon_days', number)}
              />
            )}
          </FormField>
          <FormField
            label={t('planner:templates.notice')}
            error={errors.min_notice_minutes}
            required
            hint={t('planner:templates.notice_hint')}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                min={0}
                step={15}
                {...form.register('min_notice_minutes', number)}
              />
            )}
          </FormField>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">
            {t('planner:templates.availability')}
          </legend>
          <p className="text-xs text-slate-600">
            {t('planner:templates.availability_hint', { zone: zone.replaceAll('_', ' ') })}
          </p>
          <div className="flex flex-wrap gap-4">
            {AVAILABILITY_MODES.map((m) => (
              <label key={m} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  value={m}
                  className="size-4 accent-brand-600"
                  {...form.register('availability_mode')}
                />
                {t(`planner:templates.mode.${m}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {mode === 'shared' ? (
          <Controller
            control={form.control}
            name="weekly_hours"
            render={({ field }) => (
              <WeeklyHoursEditor
                legend={t('planner:templates.weekly_hours')}
                value={field.value}
                onChange={field.onChange}
                errors={errors.weekly_hours as never}
              />
            )}
          />
        ) : (
          <Controller
            control={form.control}
            name="interviewer_hours"
            render={({ field }) => (
              <div className="flex flex-col gap-4">
                {interviewers.length === 0 ? (
                  <p className="text-sm text-slate-600">
                    {t('planner:templates.choose_interviewers')}
                  </p>
                ) : null}
                {interviewers.map((p) => (
                  <WeeklyHoursEditor
                    key={p.id}
                    legend={t('planner:templates.hours_of', { name: personName(p) })}
                    value={field.value[String(p.id)] ?? officeHours()}
                    onChange={(hours) => field.onChange({ ...field.value, [String(p.id)]: hours })}
                    errors={
                      (errors.interviewer_hours as Record<string, unknown> | undefined)?.[
                        String(p.id)
                      ] as never
                    }
                  />
                ))}
              </div>
            )}
          />
        )}
        <Controller
          control={form.control}
          name="exceptions"
          render={({ field }) => (
            <ExceptionsEditor
              value={field.value}
              onChange={field.onChange}
              interviewers={interviewers}
              errors={errors.exceptions as never}
            />
          )}
        />
        <Controller
          control={form.control}
          name="mail_models"
          render={({ field }) => (
            <TemplateMailModels
              value={field.value}
              onChange={field.onChange}
              canUseModels={canUseModels}
              errors={errors.mail_models as never}
            />
          )}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t('planner:templates.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
