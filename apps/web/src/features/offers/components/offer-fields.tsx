import { useState, type ComponentProps } from 'react';
import { Controller, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CONTRACT_TYPES, REMOTE_OPTIONS, type ZOfferCreateRequest } from '@embauche/contracts/offers';
import { DatePicker } from '../../../components/ui/date-picker.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { SubsidiarySelect } from '../../../components/subsidiary-select.tsx';
import { useSubsidiaries } from '../../../lib/subsidiaries/get-subsidiaries.ts';
import { OfferImagePicker } from './offer-image-picker.tsx';

/** What the form holds before the contract schema parses it. */
export type OfferFormValues = z.input<typeof ZOfferCreateRequest>;

type Props = {
  register: UseFormRegister<OfferFormValues>;
  control: Control<OfferFormValues>;
  errors: FieldErrors<OfferFormValues>;
};

const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const toNumber = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

function EuroInput(props: ComponentProps<typeof Input>) {
  return (
    <div className="relative">
      <Input type="number" inputMode="numeric" min={0} step={1} className="pr-8" {...props} />
      <span aria-hidden="true" className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-sm text-slate-600">€</span>
    </div>
  );
}

/** The offer's fields, shared by the creation dialog and the details form. */
export function OfferFields({ register, control: formControl, errors }: Props) {
  const { t } = useTranslation('projects');
  const subsidiaries = useSubsidiaries().data ?? [];
  // The subsidiary the offer holds when the form opens: kept as a choice even once archived.
  const initialSubsidiary = useWatch({ control: formControl, name: 'subsidiary_id' });
  const [keepSubsidiary] = useState(() => initialSubsidiary ?? null);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label={t('projects:fields.job_position')} required error={errors.job_position} className="sm:col-span-2">
        {(control) => <Input {...control} autoComplete="off" {...register('job_position')} />}
      </FormField>
      <FormField label={t('projects:fields.reference')} error={errors.reference}>
        {(control) => <Input {...control} autoComplete="off" {...register('reference', { setValueAs: emptyToNull })} />}
      </FormField>
      <FormField label={t('projects:fields.contract_type')} error={errors.contract_type}>
        {(control) => (
          <Select {...control} {...register('contract_type', { setValueAs: emptyToNull })}>
            <option value="">{t('projects:fields.not_specified')}</option>
            {CONTRACT_TYPES.map((type) => <option key={type} value={type}>{t(`projects:contract_types.${type}`)}</option>)}
          </Select>
        )}
      </FormField>
      <FormField label={t('projects:fields.location')} error={errors.location}>
        {(control) => <Input {...control} autoComplete="off" {...register('location', { setValueAs: emptyToNull })} />}
      </FormField>
      <FormField label={t('projects:fields.department')} error={errors.department}>
        {(control) => <Input {...control} autoComplete="off" {...register('department', { setValueAs: emptyToNull })} />}
      </FormField>
      <FormField label={t('projects:fields.remote')} error={errors.remote}>
        {(control) => (
          <Select {...control} {...register('remote')}>
            {REMOTE_OPTIONS.map((option) => <option key={option} value={option}>{t(`projects:remote.${option}`)}</option>)}
          </Select>
        )}
      </FormField>
      <FormField label={t('projects:fields.closing_date')} error={errors.closing_date}>
        {(control) => (
          <Controller
            control={formControl}
            name="closing_date"
            render={({ field }) => (
              <DatePicker
                {...control}
                label={t('projects:fields.closing_date')}
                name={field.name}
                value={field.value ?? null}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        )}
      </FormField>
      <FormField label={t('projects:fields.salary_min')} error={errors.salary_min} hint={t('projects:fields.salary_hint')}>
        {(control) => <EuroInput {...control} {...register('salary_min', { setValueAs: toNumber })} />}
      </FormField>
      <FormField label={t('projects:fields.salary_max')} error={errors.salary_max}>
        {(control) => <EuroInput {...control} {...register('salary_max', { setValueAs: toNumber })} />}
      </FormField>
      {subsidiaries.length > 0 ? (
        <FormField label={t('projects:fields.subsidiary')} error={errors.subsidiary_id}>
          {(control) => (
            <SubsidiarySelect {...control} subsidiaries={subsidiaries} keepId={keepSubsidiary} {...register('subsidiary_id', { setValueAs: toNumber })} />
          )}
        </FormField>
      ) : null}
      <OfferImagePicker control={formControl} />
    </div>
  );
}
