import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ZOfferCreateRequest, type TOfferCreateRequest, type TOfferDetail } from '@embauche/contracts/offers';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { CustomFieldInputs } from '../../../components/custom-fields/custom-field-inputs.tsx';
import { useCustomFieldForm } from '../../../lib/custom-fields/use-custom-field-form.ts';
import { useCreateOffer } from '../api/create-offer.ts';
import type { ProjectTarget } from './action-fields.tsx';
import { OfferFields, type OfferFormValues } from './offer-fields.tsx';
import { OfferTemplatePicker } from './offer-template-picker.tsx';

type Props = {
  /** The project the offer goes in; when absent the user picks one of `targets`. */
  projectId?: number;
  targets: ProjectTarget[];
  onClose: () => void;
  onCreated: (offer: TOfferDetail) => void;
  onChanged?: () => void;
};

const FIELDS = ['job_position', 'reference', 'contract_type', 'location', 'department', 'remote', 'salary_min', 'salary_max', 'closing_date', 'description', 'subsidiary_id', 'image_id'];

/** A new offer (a draft) validated with the shared contract schema; server 422s land on their fields. */
export function NewOfferDialog({ projectId, targets, onClose, onCreated, onChanged }: Props) {
  const { t } = useTranslation(['projects', 'common', 'errors']);
  const create = useCreateOffer(onChanged);
  const errorMessage = useApiErrorMessage();
  const [target, setTarget] = useState(projectId ? String(projectId) : '');
  const [targetMissing, setTargetMissing] = useState(false);
  const form = useForm<OfferFormValues, unknown, TOfferCreateRequest>({
    resolver: zodResolver(ZOfferCreateRequest),
    defaultValues: { job_position: '', remote: 'none' },
  });
  const custom = useCustomFieldForm('offer', undefined);
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    if (!target) return setTargetMissing(true);
    // A required custom field left empty blocks the submit (the server checks it again).
    if (!custom.check()) return;
    try {
      const offer = await create.mutateAsync({ projectId: Number(target), offer: { ...values, custom_fields: custom.payload() } });
      toast.success(t('projects:new_offer.created', { name: offer.job_position }));
      onCreated(offer);
    } catch (error) {
      const onCustom = custom.serverErrors(error);
      if (!applyServerErrors(error, form.setError, FIELDS) && !onCustom) form.setError('root', { message: errorMessage(error) });
    }
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('projects:new_offer.title')} className="max-w-2xl">
      <form noValidate onSubmit={(event) => { custom.check(); void submit(event); }} className="flex flex-col gap-4">
        <FormAlert message={errors.root?.message} />
        {projectId ? null : (
          <div className="flex flex-col gap-1.5">
            <label htmlFor="new-offer-project" className={targetMissing ? 'text-sm font-medium text-red-700' : 'text-sm font-medium text-slate-800'}>
              {t('projects:new_offer.project')}
              <span aria-hidden="true" className="ml-0.5 text-red-600">*</span>
            </label>
            <Select id="new-offer-project" aria-required aria-invalid={targetMissing} aria-describedby={targetMissing ? 'new-offer-project-error' : undefined} value={target} onChange={(e) => { setTarget(e.target.value); setTargetMissing(false); }}>
              <option value="">{t('projects:new_offer.choose_project')}</option>
              {targets.map((project) => <option key={project.id} value={project.id}>{project.name}</option>)}
            </Select>
            {targetMissing ? <p id="new-offer-project-error" className="text-sm text-red-700">{t('errors:field_required')}</p> : null}
          </div>
        )}
        <OfferTemplatePicker
          onPick={(values) => {
            for (const [name, value] of Object.entries(values)) form.setValue(name as keyof OfferFormValues, value as never, { shouldDirty: true });
            void form.trigger(Object.keys(values).filter((name) => name !== 'job_position' || values.job_position) as (keyof OfferFormValues)[]);
          }}
        />
        <OfferFields register={form.register} control={form.control} errors={errors} />
        <CustomFieldInputs fields={custom.fields} values={custom.values} errors={custom.errors} onChange={custom.setValue} />
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>{t('projects:new_offer.submit')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
