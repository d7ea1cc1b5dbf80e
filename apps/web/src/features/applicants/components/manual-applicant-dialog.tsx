import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CV_MIMES, PROVENANCES } from '@embauche/contracts/applicants';
import { STATUS_IDS } from '@embauche/contracts/constants';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { FileDropZone } from '../../../components/ui/file-drop-zone.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { UPLOAD_MAX_MB, fileSizeError } from '../../../lib/upload-limit.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useCreateManualApplicant } from '../api/create-manual-applicant.ts';
import { useApplicationPathForm } from '../api/get-application-path-form.ts';
import {
  MANUAL_FIELDS,
  manualFieldModes,
  manualFormSchema,
  toManualValues,
  type ManualFieldModes,
  type ManualFormInput,
  type ManualFormOutput,
} from '../lib/manual-applicant-schema.ts';
import { ManualApplicantFields } from './manual-applicant-fields.tsx';

type Props = {
  projectId: number;
  offerId: number;
  /** The offer's project lets applicants join documents: the motivation field shows (on by default). */
  documentsEnabled?: boolean;
  onClose: () => void;
  onCreated: () => void;
};

const ACCEPT = [...CV_MIMES, '.pdf', '.doc', '.docx', '.odt', '.rtf', '.txt', '.jpg', '.jpeg', '.png'].join(',');

/**
 * Adds an applicant to the offer by hand: the spec 3 manual payload, with the CV dropped or chosen.
 * The company's application path decides which of the phone, motivation and CV show and which are
 * required (the CV is only said to be asked of applicants: the server does not demand it here).
 */
export function ManualApplicantDialog({ projectId, offerId, documentsEnabled = true, onClose, onCreated }: Props) {
  const { t } = useTranslation(['applicant', 'common']);
  const path = useApplicationPathForm();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('applicant:manual.title')} description={t('applicant:manual.description')} className="max-w-2xl">
      {path.isPending ? (
        <Spinner className="p-4" />
      ) : (
        // Without the path (failed to load) nothing is hidden or required here; the server still checks.
        <ManualApplicantForm
          projectId={projectId}
          offerId={offerId}
          modes={manualFieldModes(path.data?.fields, documentsEnabled)}
          onClose={onClose}
          onCreated={onCreated}
        />
      )}
    </Dialog>
  );
}

type FormProps = Omit<Props, 'documentsEnabled'> & { modes: ManualFieldModes };

function ManualApplicantForm({ projectId, offerId, modes, onClose, onCreated }: FormProps) {
  const { t } = useTranslation(['applicant', 'common', 'errors']);
  const errorMessage = useApiErrorMessage();
  const create = useCreateManualApplicant(onCreated);
  const [cv, setCv] = useState<File | null>(null);
  const [cvError, setCvError] = useState<string | null>(null);
  const form = useForm<ManualFormInput, unknown, ManualFormOutput>({
    resolver: zodResolver(manualFormSchema(modes)),
    defaultValues: {
      firstname: '',
      lastname: '',
      email: '',
      phone: '',
      motivation: '',
      tags: [],
      status_id: String(STATUS_IDS.NEW),
      source: { provenance_id: String(PROVENANCES.manual), jobboard_id: '', url: '' },
      visio: { url: '', scheduled_at: '', notes: '' },
    },
  });
  const { errors } = form.formState;

  const chooseCv = (file: File | null) => {
    const issue = file ? fileSizeError(file) : null;
    setCvError(issue);
    setCv(issue ? null : file);
  };

  const submit = form.handleSubmit(async (values) => {
    if (cvError) return;
    try {
      const result = await create.mutateAsync({ projectId, offerId, values: toManualValues(values), cv });
      const name = `${result.applicant.firstname} ${result.applicant.lastname}`;
      toast.success(result.existing_applicant ? t('applicant:manual.added_existing', { name }) : t('applicant:manual.added', { name }));
      onClose();
    } catch (error) {
      const cvCodes = isApiError(error) ? error.errors?.cv : undefined;
      if (cvCodes?.[0]) setCvError(cvCodes[0]);
      if (!applyServerErrors(error, form.setError, MANUAL_FIELDS) && !cvCodes) form.setError('root', { message: errorMessage(error) });
    }
  });

  const cvHint = t('applicant:manual.cv_hint', { count: UPLOAD_MAX_MB });
  return (
    <form noValidate onSubmit={submit} className="flex min-w-0 flex-col gap-4">
      <FormAlert message={errors.root?.message} />
      {modes.cv !== 'hidden' ? (
        <FormField
          label={t('applicant:fields.cv')}
          error={cvError ? { type: 'client', message: cvError } : undefined}
          hint={modes.cv === 'required' ? `${t('applicant:manual.cv_asked')} ${cvHint}` : cvHint}
        >
          {(control) => <FileDropZone control={control} file={cv} onFileChange={chooseCv} accept={ACCEPT} disabled={form.formState.isSubmitting} />}
        </FormField>
      ) : null}
      <ManualApplicantFields register={form.register} control={form.control} errors={errors} modes={modes} offerId={offerId} />
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onClose}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('applicant:manual.submit')}
        </Button>
      </div>
    </form>
  );
}
