import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import type { TApplicantDetail } from '@embauche/contracts/applicants';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useUpdateApplicant } from '../api/update-applicant.ts';
import { optionalLink, ZApplicantIdentityFields } from '../lib/applicant-form-fields.ts';
import { SourceFields } from './source-fields.tsx';

/** The identity fields of the manual payload, plus the source as the selects hold it. */
const ZProfileForm = ZApplicantIdentityFields.extend({
  source: z.object({
    provenance_id: z.string(),
    jobboard_id: z.string(),
    url: optionalLink(),
  }),
});
type ProfileFormInput = z.input<typeof ZProfileForm>;
type ProfileFormValues = z.output<typeof ZProfileForm>;

const FIELDS = ['firstname', 'lastname', 'email', 'phone', 'source.provenance_id', 'source.jobboard_id', 'source.url'];
const toId = (value: string) => (value ? Number(value) : null);

type Props = { applicant: TApplicantDetail; onClose: () => void; onChanged?: () => void };

/** Edits the profile through `POST /applicants/manual/{id}?_method=PUT`; 422s land on their fields. */
export function ApplicantProfileDialog({ applicant, onClose, onChanged }: Props) {
  const { t } = useTranslation(['applicant', 'common']);
  const errorMessage = useApiErrorMessage();
  const update = useUpdateApplicant(onChanged);
  const form = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(ZProfileForm),
    defaultValues: {
      firstname: applicant.firstname,
      lastname: applicant.lastname,
      email: applicant.email ?? '',
      phone: applicant.phone ?? '',
      source: {
        provenance_id: applicant.source.provenance_id ? String(applicant.source.provenance_id) : '',
        jobboard_id: applicant.source.jobboard_id ? String(applicant.source.jobboard_id) : '',
        url: applicant.source.url ?? '',
      },
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        applicantId: applicant.id,
        values: {
          firstname: values.firstname,
          lastname: values.lastname,
          email: values.email || null,
          phone: values.phone || null,
          source: {
            provenance_id: toId(values.source.provenance_id),
            jobboard_id: toId(values.source.jobboard_id),
            url: values.source.url || null,
          },
        },
      });
      toast.success(t('applicant:profile.saved'));
      onClose();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, FIELDS)) form.setError('root', { message: errorMessage(error) });
    }
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('applicant:profile.edit_title')} className="max-w-2xl">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormAlert message={errors.root?.message} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('applicant:fields.firstname')} required error={errors.firstname}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('firstname')} />}
          </FormField>
          <FormField label={t('applicant:fields.lastname')} required error={errors.lastname}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('lastname')} />}
          </FormField>
          <FormField label={t('applicant:fields.email')} error={errors.email}>
            {(control) => <Input {...control} type="email" autoComplete="off" {...form.register('email')} />}
          </FormField>
          <FormField label={t('applicant:fields.phone')} error={errors.phone}>
            {(control) => <Input {...control} type="tel" autoComplete="off" {...form.register('phone')} />}
          </FormField>
          <SourceFields
            provenance={form.register('source.provenance_id')}
            jobBoard={form.register('source.jobboard_id')}
            url={form.register('source.url')}
            errors={errors.source}
            unknownProvenance
            urlClassName="sm:col-span-2"
          />
        </div>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t('common:save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
