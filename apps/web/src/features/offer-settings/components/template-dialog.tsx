import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CONTRACT_TYPES, REMOTE_OPTIONS } from '@embauche/contracts/offers';
import { ZOfferTemplateForm, type TOfferTemplate, type TOfferTemplateFormInput, type TOfferTemplateFormValues } from '@embauche/contracts/offer-settings';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useSaveOfferTemplate } from '../api/save-offer-template.ts';
import { htmlToText, textToHtml } from './description-text.ts';

type Props = { template?: TOfferTemplate; onClose: () => void };

const FIELDS = ['name', 'job_position', 'contract_type', 'location', 'department', 'remote', 'salary_min', 'salary_max', 'description'];
const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const toNumber = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/** Create or edit a template: its name and the new-offer fields it pre-fills (all optional but the name). */
export function TemplateDialog({ template, onClose }: Props) {
  const { t } = useTranslation(['offer_settings', 'projects', 'common', 'errors']);
  const save = useSaveOfferTemplate();
  const errorMessage = useApiErrorMessage();
  const form = useForm<TOfferTemplateFormInput, unknown, TOfferTemplateFormValues>({
    resolver: zodResolver(ZOfferTemplateForm),
    defaultValues: {
      name: template?.name ?? '',
      job_position: template?.job_position ?? null,
      contract_type: template?.contract_type ?? null,
      location: template?.location ?? null,
      department: template?.department ?? null,
      remote: template?.remote ?? 'none',
      salary_min: template?.salary_min ?? null,
      salary_max: template?.salary_max ?? null,
      description: htmlToText(template?.description ?? null),
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: template?.id, values: { ...values, description: textToHtml(values.description ?? '') } });
      toast.success(t(template ? 'offer_settings:templates.saved' : 'offer_settings:templates.created', { name: values.name }));
      onClose();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, FIELDS)) form.setError('root', { message: errorMessage(error) });
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(template ? 'offer_settings:templates.edit_title' : 'offer_settings:templates.create_title')}
      description={t('offer_settings:templates.dialog_hint')}
      className="max-w-2xl"
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormAlert message={errors.root?.message} />
        <FormField label={t('offer_settings:templates.name')} required error={errors.name}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('projects:fields.job_position')} error={errors.job_position} className="sm:col-span-2">
            {(control) => <Input {...control} autoComplete="off" {...form.register('job_position', { setValueAs: emptyToNull })} />}
          </FormField>
          <FormField label={t('projects:fields.contract_type')} error={errors.contract_type}>
            {(control) => (
              <Select {...control} {...form.register('contract_type', { setValueAs: emptyToNull })}>
                <option value="">{t('projects:fields.not_specified')}</option>
                {CONTRACT_TYPES.map((type) => <option key={type} value={type}>{t(`projects:contract_types.${type}`)}</option>)}
              </Select>
            )}
          </FormField>
          <FormField label={t('projects:fields.remote')} error={errors.remote}>
            {(control) => (
              <Select {...control} {...form.register('remote')}>
                {REMOTE_OPTIONS.map((option) => <option key={option} value={option}>{t(`projects:remote.${option}`)}</option>)}
              </Select>
            )}
          </FormField>
          <FormField label={t('projects:fields.location')} error={errors.location}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('location', { setValueAs: emptyToNull })} />}
          </FormField>
          <FormField label={t('projects:fields.department')} error={errors.department}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('department', { setValueAs: emptyToNull })} />}
          </FormField>
          <FormField label={t('projects:fields.salary_min')} error={errors.salary_min} hint={t('projects:fields.salary_hint')}>
            {(control) => <Input {...control} type="number" inputMode="numeric" min={0} step={1} {...form.register('salary_min', { setValueAs: toNumber })} />}
          </FormField>
          <FormField label={t('projects:fields.salary_max')} error={errors.salary_max}>
            {(control) => <Input {...control} type="number" inputMode="numeric" min={0} step={1} {...form.register('salary_max', { setValueAs: toNumber })} />}
          </FormField>
          <FormField label={t('projects:fields.description')} error={errors.description} hint={t('offer_settings:templates.description_hint')} className="sm:col-span-2">
            {(control) => (
              <textarea
                {...control}
                rows={6}
                className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-invalid:border-red-600"
                {...form.register('description')}
              />
            )}
          </FormField>
        </div>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="outline" onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>{t(template ? 'common:save' : 'offer_settings:templates.submit_create')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
