import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ZOfferCreateRequest, type TOfferCreateRequest, type TOfferDetail } from '@embauche/contracts/offers';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { CustomFieldInputs } from '../../../components/custom-fields/custom-field-inputs.tsx';
import { useCustomFieldForm } from '../../../lib/custom-fields/use-custom-field-form.ts';
import { useUpdateOffer } from '../api/update-offer.ts';
import { LazyRichTextEditor } from './lazy-rich-text-editor.tsx';
import { OfferFields, type OfferFormValues } from './offer-fields.tsx';

type Props = { offer: TOfferDetail; onDone: () => void; onChanged?: () => void };

const FIELDS = ['job_position', 'reference', 'contract_type', 'location', 'department', 'remote', 'salary_min', 'salary_max', 'closing_date', 'description', 'subsidiary_id', 'image_id'];

/** Edits the offer's fields and its rich-text description; 422 codes land on their fields. */
export function OfferDetailsForm({ offer, onDone, onChanged }: Props) {
  const { t } = useTranslation(['projects', 'common', 'errors']);
  const id = useId();
  const update = useUpdateOffer(onChanged);
  const errorMessage = useApiErrorMessage();
  const form = useForm<OfferFormValues, unknown, TOfferCreateRequest>({
    resolver: zodResolver(ZOfferCreateRequest),
    defaultValues: {
      job_position: offer.job_position,
      reference: offer.reference,
      contract_type: offer.contract_type,
      location: offer.location,
      department: offer.department,
      remote: offer.remote,
      salary_min: offer.salary_min,
      salary_max: offer.salary_max,
      closing_date: offer.closing_date?.slice(0, 10) ?? null,
      description: offer.description ?? '',
      subsidiary_id: offer.subsidiary_id,
      image_id: offer.image_id,
    },
  });
  const custom = useCustomFieldForm('offer', offer.custom_fields);
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    // A required custom field left empty blocks the submit (the server checks it again).
    if (!custom.check()) return;
    try {
      await update.mutateAsync({ projectId: offer.project_id, offerId: offer.id, offer: { ...values, description: values.description || null, custom_fields: custom.payload() } });
      toast.success(t('common:saved'));
      onDone();
    } catch (error) {
      const onCustom = custom.serverErrors(error);
      if (!applyServerErrors(error, form.setError, FIELDS) && !onCustom) form.setError('root', { message: errorMessage(error) });
    }
  });
  return (
    <form noValidate onSubmit={(event) => { custom.check(); void submit(event); }} className="flex flex-col gap-5">
      <FormAlert message={errors.root?.message} />
      <OfferFields register={form.register} control={form.control} errors={errors} />
      <CustomFieldInputs fields={custom.fields} values={custom.values} errors={custom.errors} onChange={custom.setValue} />
      <div className="flex flex-col gap-1.5">
        <span id={`${id}-label`} className="text-sm font-medium text-slate-800">{t('projects:fields.description')}</span>
        <Controller
          control={form.control}
          name="description"
          render={({ field }) => (
            <LazyRichTextEditor value={field.value ?? ''} onChange={field.onChange} labelledBy={`${id}-label`} describedBy={errors.description ? `${id}-error` : undefined} />
          )}
        />
        {errors.description?.message ? <p id={`${id}-error`} className="text-sm text-red-700">{translateErrorCode(t, errors.description.message)}</p> : null}
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>{t('common:cancel')}</Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>{t('common:save')}</Button>
      </div>
    </form>
  );
}
