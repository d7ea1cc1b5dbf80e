import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  LOCATION_KINDS,
  TEMPLATE_LOCATION_MAX,
  type TAppointment,
  type TAppointmentInput,
  type TPlannerPerson,
} from '@embauche/contracts/planner';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { DateTimePicker } from '../../../components/ui/date-time-picker.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { fromZoneLocalInput } from '../../../lib/dates.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useCancelAppointment } from '../api/cancel-appointment.ts';
import { useConflicts } from '../api/get-conflicts.ts';
import { useSaveAppointment } from '../api/save-appointment.ts';
import {
  appointmentField,
  appointmentResolver,
  defaultAppointmentValues,
  type AppointmentFormValues,
} from '../lib/appointment-form.ts';
import { ApplicantPicker } from './applicant-picker.tsx';
import { ConflictsNotice } from './conflicts-notice.tsx';
import { PeoplePicker } from './people-picker.tsx';

type Props = {
  timeZone: string;
  /** The appointment to edit, or the times of a new one. */
  appointment?: TAppointment;
  start?: Date;
  end?: Date;
  me?: TPlannerPerson;
  onClose: () => void;
};

/**
 * Creates or edits an appointment: title, start and end on the user's clock (the keyboard's way to
 * move or resize), interviewers, the applicant and their application, place and notes. The
 * interviewers' overlapping appointments show while the times change; keeping them is a choice.
 */
export function AppointmentDialog({ timeZone, appointment, start, end, me, onClose }: Props) {
  const { t } = useTranslation(['planner', 'common', 'errors']);
  const save = useSaveAppointment();
  const cancel = useCancelAppointment();
  const errorMessage = useApiErrorMessage();
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const form = useForm<AppointmentFormValues, unknown, TAppointmentInput>({
    resolver: appointmentResolver(timeZone),
    defaultValues: defaultAppointmentValues(timeZone, { appointment, start, end, me }),
  });
  const { errors } = form.formState;
  const [startValue, endValue, interviewers, applicant, locationKind, allowConflicts] = useWatch({
    control: form.control,
    name: ['start', 'end', 'interviewers', 'applicant', 'location_kind', 'allow_conflicts'],
  });
  const range = useDebouncedValue(
    startValue && endValue && interviewers.length
      ? {
          startAt: fromZoneLocalInput(startValue, timeZone),
          endAt: fromZoneLocalInput(endValue, timeZone),
          userIds: interviewers.map((p) => p.id),
          excludeId: appointment?.id,
        }
      : null,
    300,
  );
  const conflicts = useConflicts(range && range.endAt > range.startAt ? range : null);
  const found = conflicts.data?.conflicts ?? [];

  const submit = form.handleSubmit(async (input) => {
    setProblem(null);
    try {
      await save.mutateAsync({ ...input, id: appointment?.id });
      toast.success(t(appointment ? 'planner:dialog.saved' : 'planner:dialog.created'));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 409 && error.code === 'interviewer_busy') {
        setProblem(t('planner:conflicts.busy'));
        void conflicts.refetch();
        return;
      }
      if (isApiError(error) && error.status === 422 && error.errors) {
        for (const [field, codes] of Object.entries(error.errors)) {
          form.setError(appointmentField(field).split('.')[0] as keyof AppointmentFormValues, {
            type: 'server',
            message: codes[0],
          });
        }
        return;
      }
      setProblem(errorMessage(error));
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(appointment ? 'planner:dialog.edit_title' : 'planner:dialog.create_title')}
      description={t('planner:dialog.description', { zone: timeZone.replaceAll('_', ' ') })}
      className="max-w-2xl"
    >
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex min-w-0 flex-col gap-4"
      >
        <FormAlert message={problem} />
        <FormField label={t('planner:dialog.title')} error={errors.title} required>
          {(control) => <Input {...control} autoComplete="off" {...form.register('title')} />}
        </FormField>
        <div className="grid min-w-0 gap-4 sm:grid-cols-2">
          <FormField label={t('planner:dialog.start')} error={errors.start} required>
            {(control) => (
              <Controller
                control={form.control}
                name="start"
                render={({ field }) => (
                  <DateTimePicker
                    {...control}
                    label={t('planner:dialog.start')}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                )}
              />
            )}
          </FormField>
          <FormField label={t('planner:dialog.end')} error={errors.end} required>
            {(control) => (
              <Controller
                control={form.control}
                name="end"
                render={({ field }) => (
                  <DateTimePicker
                    {...control}
                    label={t('planner:dialog.end')}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                )}
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
        <ConflictsNotice conflicts={found} timeZone={timeZone} />
        {found.length || allowConflicts ? (
          <Controller
            control={form.control}
            name="allow_conflicts"
            render={({ field }) => (
              <label className="flex items-start gap-2 text-sm text-slate-800">
                <Checkbox
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                />
                <span>{t('planner:conflicts.keep')}</span>
              </label>
            )}
          />
        ) : null}
        <Controller
          control={form.control}
          name="applicant"
          render={({ field }) => (
            <ApplicantPicker
              value={field.value}
              onChange={field.onChange}
              applicationId={form.getValues('application_id')}
              onApplicationChange={(id) =>
                form.setValue('application_id', id, { shouldDirty: true })
              }
            />
          )}
        />
        {applicant ? (
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <Checkbox {...form.register('notify_applicant')} />
            <span>
              {t(appointment ? 'planner:dialog.notify_change' : 'planner:dialog.notify_invitation')}
            </span>
          </label>
        ) : null}
        <div className="grid min-w-0 gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
          <FormField label={t('planner:dialog.location_kind')} error={errors.location_kind}>
            {(control) => (
              <Select {...control} {...form.register('location_kind')}>
                <option value="">{t('planner:location.none')}</option>
                {LOCATION_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`planner:location.${kind}`)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          {locationKind ? (
            <FormField label={t(`planner:location.${locationKind}_value`)} error={errors.location}>
              {(control) => (
                <Input
                  {...control}
                  maxLength={TEMPLATE_LOCATION_MAX}
                  {...form.register('location')}
                />
              )}
            </FormField>
          ) : null}
        </div>
        <FormField label={t('planner:dialog.notes')} error={errors.notes}>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
              {...form.register('notes')}
            />
          )}
        </FormField>
        <div className="flex flex-wrap justify-between gap-2">
          {appointment ? (
            <Button variant="outline" onClick={() => setConfirmCancel(true)}>
              {t('planner:dialog.cancel_appointment')}
            </Button>
          ) : (
            <span />
          )}
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {t('planner:dialog.save')}
            </Button>
          </div>
        </div>
      </form>
      {confirmCancel && appointment ? (
        <AlertDialog
          open
          onOpenChange={(open) => (open ? undefined : setConfirmCancel(false))}
          title={t('planner:cancel.title', { title: appointment.title })}
          description={t(
            appointment.applicant
              ? 'planner:cancel.description_applicant'
              : 'planner:cancel.description',
          )}
          confirmLabel={t('planner:cancel.confirm')}
          destructive
          loading={cancel.isPending}
          onConfirm={() =>
            cancel.mutate(
              { id: appointment.id, notifyApplicant: appointment.applicant !== null },
              {
                onSuccess: () => {
                  toast.success(t('planner:cancel.done'));
                  onClose();
                },
                onError: (error) => {
                  setConfirmCancel(false);
                  setProblem(errorMessage(error));
                },
              },
            )
          }
        />
      ) : null}
    </Dialog>
  );
}
