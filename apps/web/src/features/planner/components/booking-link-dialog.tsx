import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  BOOKING_EXPIRY_DAYS_MAX,
  type TBookingLinkInput,
  type TBookingLinkResult,
} from '@embauche/contracts/planner';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField, errorCodes } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useTemplates } from '../api/get-templates.ts';
import { useSendBookingLinks } from '../api/send-booking-links.ts';
import {
  bookingLinkResolver,
  defaultBookingLinkValues,
  type BookingLinkFormValues,
} from '../lib/booking-link-form.ts';

export type BookingRecipient = { applicationId: number; name: string };

type Props = {
  recipients: BookingRecipient[];
  /** The company has SMS and the user may text applicants. */
  canSms: boolean;
  onClose: (sent: boolean) => void;
};

function Summary({ result }: { result: TBookingLinkResult }) {
  const { t } = useTranslation('planner');
  const skipped = result.results.filter((r) => r.skipped_reason !== null);
  return (
    <div role="status" className="flex flex-col gap-1 text-sm text-slate-800">
      <p className="font-medium">{t('planner:booking_link.sent', { count: result.sent })}</p>
      {skipped.length ? (
        <p>{t('planner:booking_link.skipped', { count: skipped.length })}</p>
      ) : null}
    </div>
  );
}

/**
 * "Send a booking link" to the applicants of the chosen applications: a template, by e-mail and/or
 * SMS (where the company has SMS), how long the link works and a message; then what went.
 */
export default function BookingLinkDialog({ recipients, canSms, onClose }: Props) {
  const { t } = useTranslation(['planner', 'common', 'errors']);
  const templates = useTemplates(1, '', 100);
  const send = useSendBookingLinks();
  const errorMessage = useApiErrorMessage();
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<TBookingLinkResult | null>(null);
  const applicationIds = recipients.map((r) => r.applicationId);
  const form = useForm<BookingLinkFormValues, unknown, TBookingLinkInput>({
    resolver: bookingLinkResolver(applicationIds),
    defaultValues: defaultBookingLinkValues(),
  });
  const { errors } = form.formState;
  const channelCodes = errorCodes(errors.channels as never);
  const submit = form.handleSubmit(async (input) => {
    setProblem(null);
    try {
      const answer = await send.mutateAsync(input);
      setResult(answer);
      toast.success(t('planner:booking_link.sent', { count: answer.sent }));
    } catch (error) {
      if (
        !applyServerErrors(error, form.setError, [
          'template_id',
          'channels',
          'expires_in_days',
          'message',
        ])
      )
        setProblem(errorMessage(error));
    }
  });
  const names = recipients.map((r) => r.name).join(', ');
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose(result !== null))}
      title={t('planner:booking_link.title')}
      description={t('planner:booking_link.description', { count: recipients.length, names })}
    >
      {result ? (
        <div className="flex flex-col gap-4">
          <Summary result={result} />
          <div className="flex justify-end">
            <Button onClick={() => onClose(true)}>{t('common:close')}</Button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(event) => void submit(event)}
          className="flex min-w-0 flex-col gap-4"
        >
          <FormAlert message={problem} />
          <FormField
            label={t('planner:booking_link.template')}
            error={errors.template_id}
            required
            hint={
              templates.data?.data.length === 0 ? t('planner:booking_link.no_template') : undefined
            }
          >
            {(control) => (
              <Select {...control} {...form.register('template_id', { valueAsNumber: true })}>
                <option value={0}>{t('planner:booking_link.choose_template')}</option>
                {(templates.data?.data ?? []).map((template) => (
                  <option key={template.id} value={template.id}>
                    {template.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={channelCodes.length ? 'booking-channels-error' : undefined}
          >
            <legend className="mb-1 text-sm font-medium text-slate-800">
              {t('planner:booking_link.channels')}
            </legend>
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <Checkbox value="email" {...form.register('channels')} />
              {t('planner:booking_link.email')}
            </label>
            {canSms ? (
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <Checkbox value="sms" {...form.register('channels')} />
                {t('planner:booking_link.sms')}
              </label>
            ) : null}
            {channelCodes.length ? (
              <p id="booking-channels-error" className="text-sm text-red-700">
                {translateErrorCode(t, channelCodes[0]!)}
              </p>
            ) : null}
          </fieldset>
          <FormField
            label={t('planner:booking_link.expires')}
            error={errors.expires_in_days}
            required
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                min={1}
                max={BOOKING_EXPIRY_DAYS_MAX}
                {...form.register('expires_in_days', { valueAsNumber: true })}
              />
            )}
          </FormField>
          <FormField
            label={t('planner:booking_link.message')}
            error={errors.message}
            hint={t('planner:booking_link.message_hint')}
          >
            {(control) => (
              <textarea
                {...control}
                rows={3}
                className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
                {...form.register('message')}
              />
            )}
          </FormField>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => onClose(false)}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {t('planner:booking_link.send')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
