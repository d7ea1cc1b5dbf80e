import { useId, useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { SHARE_DEFAULT_DAYS, type TShareCreated } from '@embauche/contracts/shares';
import { FormAlert } from '../../../components/form-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CopyableInput } from '../../../components/ui/copyable-input.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useCreateApplicantShare } from '../api/create-applicant-share.ts';
import { useCreateApplicationShare } from '../api/create-application-share.ts';
import { DEFAULT_SECTIONS, SHARE_FIELDS, ZShareForm, type ShareFormInput, type ShareFormOutput } from '../lib/transfer-form.ts';
import { ShareExpiryField } from './share-expiry-field.tsx';
import { ShareSectionsField } from './share-sections-field.tsx';

type Props = {
  applicantId: number;
  /** The applicant's name, in the description. */
  name: string;
  /** The application in view, which the link may open instead of the applicant alone. */
  application?: { id: number; label: string } | null;
  onClose: () => void;
  onCreated?: () => void;
};

/**
 * A shared link made on demand: the sections it opens and its expiry, then its address with a copy
 * button. The server gives the address this once (it keeps only a hash of the token).
 */
export function ShareLinkDialog({ applicantId, name, application, onClose, onCreated }: Props) {
  const { t, i18n } = useTranslation(['applicant', 'common', 'errors']);
  const errorMessage = useApiErrorMessage();
  const id = useId();
  const forApplicant = useCreateApplicantShare();
  const forApplication = useCreateApplicationShare();
  const [scope, setScope] = useState<'applicant' | 'application'>('applicant');
  const [created, setCreated] = useState<TShareCreated | null>(null);
  const form = useForm<ShareFormInput, unknown, ShareFormOutput>({
    resolver: zodResolver(ZShareForm),
    defaultValues: { sections: DEFAULT_SECTIONS, expires_in_days: String(SHARE_DEFAULT_DAYS) },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      setCreated(
        scope === 'application' && application
          ? await forApplication.mutateAsync({ applicationId: application.id, body })
          : await forApplicant.mutateAsync({ applicantId, body }),
      );
      onCreated?.();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, SHARE_FIELDS)) form.setError('root', { message: errorMessage(error) });
    }
  });

  if (created) {
    return (
      <Dialog open onOpenChange={(open) => !open && onClose()} title={t('applicant:share_link.created_title')} description={t('applicant:share_link.created_description', { name })}>
        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex min-w-0 flex-col gap-1.5">
            <label htmlFor={`${id}-url`} className="text-sm font-medium text-slate-800">
              {t('applicant:share_link.url')}
            </label>
            <CopyableInput id={`${id}-url`} value={created.url} focusOnMount aria-describedby={`${id}-once`} copyLabel={t('applicant:share_link.copy')} />
          </div>
          <p id={`${id}-once`} className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t('applicant:share_link.shown_once', { date: formatDate(created.expires_at, 'date', i18n.language) })}
          </p>
          <div className="flex justify-end">
            <Button onClick={onClose}>{t('applicant:share_link.done')}</Button>
          </div>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('applicant:share_link.title')} description={t('applicant:share_link.description', { name })}>
      <form noValidate onSubmit={submit} className="flex min-w-0 flex-col gap-4">
        <FormAlert message={errors.root?.message} />
        {application ? (
          <fieldset className="flex min-w-0 flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-slate-800">{t('applicant:share_link.scope')}</legend>
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input type="radio" name={`${id}-scope`} checked={scope === 'applicant'} onChange={() => setScope('applicant')} className="mt-0.5 size-4 shrink-0 accent-brand-600" />
              <span className="min-w-0">{t('applicant:share_link.scope_applicant')}</span>
            </label>
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input type="radio" name={`${id}-scope`} checked={scope === 'application'} onChange={() => setScope('application')} className="mt-0.5 size-4 shrink-0 accent-brand-600" />
              <span className="min-w-0">{t('applicant:share_link.scope_application', { job: application.label })}</span>
            </label>
          </fieldset>
        ) : null}
        <ShareSectionsField register={form.register('sections')} error={errors.sections as FieldError | undefined} />
        <ShareExpiryField register={form.register('expires_in_days')} error={errors.expires_in_days as FieldError | undefined} />
        <div className="flex flex-wrap justify-end gap-2 pt-1">
          <Button variant="outline" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t('applicant:share_link.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
