import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateTimePicker } from '../../../components/ui/date-time-picker.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TagInput } from '../../../components/ui/tag-input.tsx';
import { usePipelineLabels } from '../../../lib/pipeline/status-label.ts';
import { useOfferStatuses } from '../../../lib/pipeline/get-offer-statuses.ts';
import { useTagSuggestions } from '../hooks/use-tag-suggestions.ts';
import type { ManualFieldModes, ManualFormInput } from '../lib/manual-applicant-schema.ts';
import { SourceFields } from './source-fields.tsx';

type Props = {
  register: UseFormRegister<ManualFormInput>;
  control: Control<ManualFormInput>;
  errors: FieldErrors<ManualFormInput>;
  /**
   * The company's application path for the phone and the motivation: hidden ones are not shown,
   * required ones marked. The motivation is hidden too when the offer's project takes no documents (spec 5).
   */
  modes?: Pick<ManualFieldModes, 'phone' | 'motivation'>;
  /** The offer applied to: the status picker lists its workflow's statuses. */
  offerId: number;
};

const TEXTAREA =
  'min-h-24 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-invalid:border-red-600';

/** Identity, status, source, tags, motivation and video interview of a manual applicant. */
export function ManualApplicantFields({ register, control, errors, modes = { phone: 'optional', motivation: 'optional' }, offerId }: Props) {
  const { t } = useTranslation(['applicant', 'tagInput']);
  const workflows = useOfferStatuses([offerId]);
  const statuses = workflows.data?.get(offerId);
  const labels = usePipelineLabels();
  const suggest = useTagSuggestions();
  return (
    // One column on a phone; min-w-0 lets the fields shrink to the dialog rather than widen it.
    <div className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
      <FormField label={t('applicant:fields.firstname')} required error={errors.firstname}>
        {(c) => <Input {...c} autoComplete="off" {...register('firstname')} />}
      </FormField>
      <FormField label={t('applicant:fields.lastname')} required error={errors.lastname}>
        {(c) => <Input {...c} autoComplete="off" {...register('lastname')} />}
      </FormField>
      <FormField label={t('applicant:fields.email')} error={errors.email} hint={t('applicant:manual.email_hint')}>
        {(c) => <Input {...c} type="email" autoComplete="off" {...register('email')} />}
      </FormField>
      {modes.phone !== 'hidden' ? (
        <FormField label={t('applicant:fields.phone')} required={modes.phone === 'required'} error={errors.phone}>
          {(c) => <Input {...c} type="tel" autoComplete="off" {...register('phone')} />}
        </FormField>
      ) : null}
      {statuses ? (
        <FormField label={t('applicant:fields.status')} error={errors.status_id}>
          {(c) => (
            <Select {...c} {...register('status_id')}>
              {statuses.map((status) => (
                <option key={status.id} value={status.id}>
                  {labels.statusLabel(status)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      ) : null}
      <SourceFields
        provenance={register('source.provenance_id')}
        jobBoard={register('source.jobboard_id')}
        url={register('source.url')}
        errors={errors.source}
      />
      <FormField label={t('applicant:fields.tags')} error={errors.tags ? { type: 'server', message: errors.tags.message ?? errors.tags.root?.message ?? 'invalid' } : undefined} className="sm:col-span-2">
        {(c) => (
          <Controller
            control={control}
            name="tags"
            render={({ field }) => <TagInput label={t('applicant:fields.tags')} value={field.value ?? []} onChange={field.onChange} aria-describedby={c['aria-describedby']} {...suggest} />}
          />
        )}
      </FormField>
      {modes.motivation !== 'hidden' ? (
        <FormField label={t('applicant:fields.motivation')} required={modes.motivation === 'required'} error={errors.motivation} className="sm:col-span-2">
          {(c) => <textarea {...c} rows={3} className={TEXTAREA} {...register('motivation')} />}
        </FormField>
      ) : null}
      <fieldset className="grid min-w-0 grid-cols-1 gap-4 rounded-lg border border-slate-200 p-3 sm:col-span-2 sm:grid-cols-2 sm:p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">{t('applicant:visio.title')}</legend>
        <FormField label={t('applicant:visio.scheduled_at')} error={errors.visio?.scheduled_at}>
          {(c) => (
            <Controller
              control={control}
              name="visio.scheduled_at"
              render={({ field }) => (
                <DateTimePicker {...c} label={t('applicant:visio.scheduled_at')} name={field.name} value={field.value ?? null} onChange={(v) => field.onChange(v ?? '')} onBlur={field.onBlur} />
              )}
            />
          )}
        </FormField>
        <FormField label={t('applicant:visio.link')} error={errors.visio?.url}>
          {(c) => <Input {...c} type="url" autoComplete="off" {...register('visio.url')} />}
        </FormField>
        <FormField label={t('applicant:visio.notes')} error={errors.visio?.notes} className="sm:col-span-2">
          {(c) => <textarea {...c} rows={2} className={TEXTAREA} {...register('visio.notes')} />}
        </FormField>
      </fieldset>
    </div>
  );
}
