import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import type { TApplicantSelectionInput } from '@embauche/contracts/applicant-selection';
import type { TRecipientSelectionInput } from '@embauche/contracts/application-selection';
import { SMS_MASS_MAX, SMS_MAX_LENGTH, ZSmsBody, type TSmsMassSendResult } from '@embauche/contracts/sms';
import { isApiError } from '../../../lib/api-error.ts';
import { SmsLengthCounter } from './sms-length-counter.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useMassSendSms } from '../api/mass-send-sms.ts';
import { useSmsErrorMessage } from '../lib/use-sms-error-message.ts';

/** One applicant the text goes to (their application on the offer, when known, and the name shown). */
export type MassSmsRecipient = { applicantId: number; applicationId?: number; name: string };

type Props = {
  /** null (a recruitment list): each text goes to the applicant's newest application the user sees. */
  offerId: number | null;
  recipients: MassSmsRecipient[];
  /**
   * "All that match" (issue 42 part 2): every application of a list under its filters, resolved on
   * the server, and how many the user was shown (instead of `recipients`).
   */
  selection?:
    | { selection: TRecipientSelectionInput; count: number }
    /** A sourcing search's or a recruitment list's applicants: each one's newest visible application. */
    | { applicantSelection: TApplicantSelectionInput; count: number }
    | undefined;
  /** `sent` is true once the server has answered (some may have been refused). */
  onClose: (sent: boolean) => void;
};

const ZMassSmsForm = z.object({ message: ZSmsBody });
type MassSmsForm = z.infer<typeof ZMassSmsForm>;

const TEXTAREA =
  'min-h-16 max-h-32 w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm field-sizing-content placeholder:text-slate-500 focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-invalid:border-red-600';

/** How long a toast listing refused applicants stays (the layout's default is 3 s). */
const REFUSED_TOAST_MS = 10_000;

/** How many names the description lists before "…". */
const NAMES_SHOWN = 3;

/**
 * Spec 2 "multi-action mode": one text to every selected applicant of the offer. The counter shows
 * `length / 1071` (red above), the SMS count (153 characters each); send stays disabled while the
 * text is blank or too long, or nobody is chosen. Afterwards a toast tells how many were sent and
 * lists the refused ones with why (for "all that match", how many for each reason).
 */
export function MassSmsDialog({ offerId, recipients, selection, onClose }: Props) {
  const { t } = useTranslation(['sms', 'common', 'errors']);
  const errorMessage = useSmsErrorMessage();
  const counterId = useId();
  const mutation = useMassSendSms();
  const form = useForm<MassSmsForm>({ resolver: zodResolver(ZMassSmsForm), defaultValues: { message: '' } });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const tooLong = message.length > SMS_MAX_LENGTH;
  // "All that match": the count the server confirmed last (a 409 gives the current one).
  const [selectedCount, setSelectedCount] = useState(selection?.count ?? 0);
  /** The selection is of applicants (a sourcing search, a recruitment list), not applications. */
  const ofApplicants = selection !== undefined && 'applicantSelection' in selection;
  const [changed, setChanged] = useState<string | null>(null);
  const tooMany = selection !== undefined && selectedCount > SMS_MASS_MAX;
  const chosen = selection ? selectedCount : recipients.length;
  const canSend = chosen > 0 && !tooMany && message.trim().length > 0 && !tooLong;
  const applicantIds = [...new Set(recipients.map((r) => r.applicantId))];

  const report = (result: TSmsMassSendResult) => {
    const nameOf = (applicantId: number) => recipients.find((r) => r.applicantId === applicantId)?.name ?? `#${applicantId}`;
    const reasonOf = (reason: string) => t(`sms:mass.reasons.${offerId === null && reason === 'no_application' ? 'no_visible_application' : reason}`);
    // "All that match": the names are not at hand (and may be hundreds): how many for each reason.
    const byReason = new Map<string, number>();
    for (const r of result.refused) byReason.set(r.reason, (byReason.get(r.reason) ?? 0) + 1);
    const refused = result.refused.length ? (
      <div className="flex flex-col gap-1">
        <p>{t('sms:mass.refused', { count: result.refused.length })}</p>
        <ul className="list-disc pl-4">
          {selection
            ? [...byReason].map(([reason, n]) => <li key={reason}>{t('sms:mass.refused_reason', { reason: reasonOf(reason), count: n })}</li>)
            : result.refused.map((r) => <li key={r.applicantId}>{t('sms:mass.refused_item', { name: nameOf(r.applicantId), reason: reasonOf(r.reason) })}</li>)}
        </ul>
      </div>
    ) : undefined;
    const title = t('sms:mass.sent', { count: result.sent.length });
    // The refused ones stay longer on screen: there is a list to read.
    if (result.sent.length === 0) toast.error(title, { description: refused, duration: REFUSED_TOAST_MS });
    else if (refused) toast.warning(title, { description: refused, duration: REFUSED_TOAST_MS });
    else toast.success(title);
  };

  const submit = form.handleSubmit(async (values) => {
    if (!canSend) return;
    try {
      const result = await mutation.mutateAsync(
        selection
          ? 'applicantSelection' in selection
            ? { applicant_ids: [], message: values.message, applicant_selection: { all: { ...selection.applicantSelection.all, count: selectedCount } } }
            : { applicant_ids: [], message: values.message, selection: { ...selection.selection, all: { ...selection.selection.all, count: selectedCount } } }
          : { applicant_ids: applicantIds, offer_id: offerId, message: values.message },
      );
      report(result);
      onClose(true);
    } catch (error) {
      if (isApiError(error) && error.code === 'selection_changed') {
        const current = Number(error.errors?.count?.[0]);
        if (Number.isFinite(current)) setSelectedCount(current);
        setChanged(t(ofApplicants ? 'sms:mass.applicant_selection_changed' : 'sms:mass.selection_changed', { count: current }));
        return;
      }
      // Spec 8: mass-send failures show the error message in a toast; a refused text also shows on the field.
      applyServerErrors(error, form.setError, ['message']);
      toast.error(errorMessage(error));
    }
  });

  const names = recipients.map((r) => r.name);
  const listed = names.slice(0, NAMES_SHOWN).join(', ') + (names.length > NAMES_SHOWN ? '…' : '');
  const description = selection
    ? t(ofApplicants ? 'sms:mass.applicant_selection_description' : 'sms:mass.selection_description', { count: selectedCount })
    : recipients.length
      ? t('sms:mass.description', { count: recipients.length, names: listed })
      : t('sms:mass.nobody');

  return (
    <Dialog open onOpenChange={(open) => !open && onClose(false)} title={t('sms:mass.title')} description={description} className="max-w-xl">
      <form noValidate onSubmit={submit} className="flex min-w-0 flex-col gap-3">
        {changed ? (
          <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {changed}
          </p>
        ) : null}
        {tooMany ? (
          <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t(ofApplicants ? 'sms:mass.applicant_selection_too_many' : 'sms:mass.selection_too_many', { count: selectedCount, max: SMS_MASS_MAX })}
          </p>
        ) : null}
        <FormField label={t('sms:mass.message')} required error={form.formState.errors.message}>
          {(c) => (
            <textarea
              {...c}
              aria-describedby={[c['aria-describedby'], counterId].filter(Boolean).join(' ')}
              rows={4}
              placeholder={t('sms:mass.placeholder')}
              className={TEXTAREA}
              {...form.register('message')}
            />
          )}
        </FormField>
        <SmsLengthCounter id={counterId} message={message} className="-mt-1" />
        {offerId === null ? <p className="text-sm text-slate-600">{t('sms:mass.newest_application')}</p> : null}
        <div className="flex flex-wrap justify-end gap-2 pt-1">
          <Button variant="outline" onClick={() => onClose(false)}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={!canSend || mutation.isPending}>
            {t('sms:mass.submit', { count: selection ? selectedCount : applicantIds.length })}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
