import { useEffect, useId, useState } from 'react';
import { useForm, useWatch, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TApplicantSelectionInput } from '@embauche/contracts/applicant-selection';
import { TRANSFER_MAX_RECIPIENTS, TRANSFER_MESSAGE_MAX, TRANSFER_SUBJECT_MAX, type TTransferResult } from '@embauche/contracts/shares';
import { FormAlert } from '../../../components/form-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useTransferApplicants } from '../api/transfer-applicants.ts';
import { useTransferApplications } from '../api/transfer-applications.ts';
import { TRANSFER_FIELDS, ZTransferForm, transferDefaults, type TransferFormInput, type TransferFormOutput } from '../lib/transfer-form.ts';
import { useDefaultSubject, type TransferItem } from '../hooks/use-default-subject.ts';
import { ShareExpiryField } from './share-expiry-field.tsx';
import { ShareSectionsField } from './share-sections-field.tsx';

/**
 * What is transferred: applicants (from the offer `offerId`, when the screen is narrowed to one),
 * applications (each names its own offer), or "all that match" of a sourcing search or a
 * recruitment list (issue 42 part 2: resolved on the server, `count` as the user was shown it,
 * TRANSFER_MAX_ITEMS at most).
 */
export type TransferTarget =
  | { kind: 'applicants'; ids: number[]; offerId?: number | null }
  | { kind: 'applications'; ids: number[] }
  | { kind: 'applicant_selection'; selection: TApplicantSelectionInput; count: number };

type Props = {
  target: TransferTarget;
  /** The transferred people, in the target's order: their names (and job positions) prefill the subject. */
  items: TransferItem[];
  onClose: () => void;
  /** After the e-mails are queued (the dialog has closed). */
  onSent?: (result: TTransferResult) => void;
};

const TEXTAREA =
  'min-h-24 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-invalid:border-red-600';

/** How many names the description lists before "…". */
const NAMES_SHOWN = 3;

/**
 * Spec 1 "transferred to others by e-mail": recipients (comma or semicolon separated), subject,
 * message, and optionally a shared link per applicant with the sections it opens and its expiry;
 * several applications go in one e-mail or one each.
 */
export function TransferDialog({ target, items, onClose, onSent }: Props) {
  const { t } = useTranslation(['applicant', 'common', 'errors']);
  const errorMessage = useApiErrorMessage();
  const id = useId();
  const applicants = useTransferApplicants();
  const applications = useTransferApplications();
  // "All that match": the count the server confirmed last (a 409 gives the current one).
  const [allCount, setAllCount] = useState(target.kind === 'applicant_selection' ? target.count : 0);
  const count = target.kind === 'applicant_selection' ? allCount : target.ids.length;
  const subject = useDefaultSubject(target.kind === 'applications' ? 'applications' : 'applicants', items, count);
  const form = useForm<TransferFormInput, unknown, TransferFormOutput>({ resolver: zodResolver(ZTransferForm), defaultValues: transferDefaults(subject) });
  const { errors } = form.formState;
  const [copies, setCopies] = useState(false);
  const share = useWatch({ control: form.control, name: 'access.share' });
  const several = count > 1;
  const showCopies = copies || Boolean(errors.cc || errors.bcc);
  const { setFocus } = form;
  // The copy fields replace their button: the focus goes to the first of them.
  useEffect(() => {
    if (copies) setFocus('cc');
  }, [copies, setFocus]);

  const submit = form.handleSubmit(async (values) => {
    const common = {
      to: values.to,
      cc: values.cc,
      bcc: values.bcc,
      subject: values.subject,
      message: values.message,
      access: values.access ? { share: true, ...values.access } : { share: false },
    };
    try {
      const result =
        target.kind === 'applicant_selection'
          ? await applicants.mutateAsync({ applicant_selection: { all: { ...target.selection.all, count: allCount } }, offer_id: null, ...common })
          : target.kind === 'applicants'
            ? await applicants.mutateAsync({ applicant_ids: target.ids, offer_id: target.offerId ?? null, ...common })
            : await applications.mutateAsync({ application_ids: target.ids, send_type: several ? values.send_type : 'grouped', ...common });
      toast.success(t('applicant:transfer.sent', { count: result.mails }));
      onClose();
      onSent?.(result);
    } catch (error) {
      const recount = target.kind === 'applicant_selection' && isApiError(error) && error.code === 'selection_changed' ? Number(error.errors?.count?.[0]) : NaN;
      if (Number.isFinite(recount)) {
        setAllCount(recount);
        form.setError('root', { message: t('applicant:transfer.selection_changed', { count: recount }) });
        return;
      }
      if (!applyServerErrors(error, form.setError, TRANSFER_FIELDS)) form.setError('root', { message: errorMessage(error) });
    }
  });

  const names = items.map((item) => item.name);
  const listed = names.slice(0, NAMES_SHOWN).join(', ') + (names.length > NAMES_SHOWN ? '…' : '');
  const description =
    target.kind === 'applicant_selection'
      ? t('applicant:transfer.description_all', { count })
      : target.kind === 'applications'
        ? t('applicant:transfer.description_applications', { count: items.length, names: listed })
        : t('applicant:transfer.description_applicants', { count: items.length, names: listed });
  const addressHint = t('applicant:transfer.addresses_hint', { count: TRANSFER_MAX_RECIPIENTS });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('applicant:transfer.title')} description={description} className="max-w-xl">
      <form noValidate onSubmit={submit} className="flex min-w-0 flex-col gap-4">
        <FormAlert message={errors.root?.message} />
        <FormField label={t('applicant:transfer.to')} required error={errors.to} hint={addressHint}>
          {(c) => <Input {...c} type="text" inputMode="email" autoComplete="off" spellCheck={false} placeholder={t('applicant:transfer.to_placeholder')} {...form.register('to')} />}
        </FormField>
        {showCopies ? (
          <div className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField label={t('applicant:transfer.cc')} error={errors.cc}>
              {(c) => <Input {...c} type="text" inputMode="email" autoComplete="off" spellCheck={false} {...form.register('cc')} />}
            </FormField>
            <FormField label={t('applicant:transfer.bcc')} error={errors.bcc}>
              {(c) => <Input {...c} type="text" inputMode="email" autoComplete="off" spellCheck={false} {...form.register('bcc')} />}
            </FormField>
          </div>
        ) : (
          <div className="-mt-2">
            <Button variant="link" size="sm" className="h-auto px-0" onClick={() => setCopies(true)}>
              {t('applicant:transfer.add_copies')}
            </Button>
          </div>
        )}
        <FormField label={t('applicant:transfer.subject')} required error={errors.subject}>
          {(c) => <Input {...c} maxLength={TRANSFER_SUBJECT_MAX} {...form.register('subject')} />}
        </FormField>
        <FormField label={t('applicant:transfer.message')} error={errors.message}>
          {(c) => <textarea {...c} rows={4} maxLength={TRANSFER_MESSAGE_MAX} className={TEXTAREA} {...form.register('message')} />}
        </FormField>
        {target.kind === 'applications' && several ? (
          <fieldset className="flex min-w-0 flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-slate-800">{t('applicant:transfer.send_type.legend')}</legend>
            {(['grouped', 'separate'] as const).map((type) => (
              <label key={type} className="flex items-start gap-2 text-sm text-slate-800">
                <input type="radio" value={type} className="mt-0.5 size-4 shrink-0 accent-brand-600" {...form.register('send_type')} />
                <span className="min-w-0">{t(`applicant:transfer.send_type.${type}`, { count: items.length })}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <div className="flex min-w-0 flex-col gap-4 rounded-lg border border-slate-200 p-3 sm:p-4">
          <label className="flex items-start gap-2 text-sm font-medium text-slate-900">
            <Checkbox className="mt-0.5 shrink-0" aria-describedby={`${id}-share-hint`} {...form.register('access.share')} />
            <span className="min-w-0">
              {t('applicant:transfer.share')}
              <span id={`${id}-share-hint`} className="mt-0.5 block text-xs font-normal text-slate-600">
                {t('applicant:transfer.share_hint')}
              </span>
            </span>
          </label>
          {share ? (
            <>
              <ShareSectionsField register={form.register('access.sections')} error={errors.access?.sections as FieldError | undefined} />
              <ShareExpiryField register={form.register('access.expires_in_days')} error={errors.access?.expires_in_days} />
            </>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2 pt-1">
          <Button variant="outline" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t('applicant:transfer.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
