import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SHARE_MAX_DAYS } from '@embauche/contracts/shares';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';

type Props = { register: UseFormRegisterReturn; error?: FieldError };

/** How many days the link stays open: 1 to 365. */
export function ShareExpiryField({ register, error }: Props) {
  const { t } = useTranslation('applicant');
  return (
    <FormField label={t('applicant:share_expiry.label')} required error={error} hint={t('applicant:share_expiry.hint', { count: SHARE_MAX_DAYS })}>
      {(c) => <Input {...c} type="number" inputMode="numeric" min={1} max={SHARE_MAX_DAYS} step={1} className="w-28" {...register} />}
    </FormField>
  );
}
