import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ONE_TIME_CODE_RULES, OneTimeCodeInput } from '../../../components/ui/one-time-code-input.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useTwoFactorChallenge } from '../api/two-factor-challenge.ts';

type Values = { code: string; recovery_code: string };

type Props = {
  onSuccess: () => void;
  /** The pending sign-in is over (too many wrong codes, or expired): the password is asked again. */
  onExpired: () => void;
};

export function TwoFactorForm({ onSuccess, onExpired }: Props) {
  const { t } = useTranslation(['login', 'errors']);
  const errorMessage = useApiErrorMessage();
  const [recovery, setRecovery] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const challenge = useTwoFactorChallenge();
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<Values>({
    defaultValues: { code: '', recovery_code: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const body = recovery ? { recovery_code: values.recovery_code.trim() } : { code: values.code.trim() };
    try {
      await challenge.mutateAsync(body);
      onSuccess();
    } catch (error) {
      if (isApiError(error) && error.status === 401) return onExpired();
      if (isApiError(error) && error.status === 429) {
        // The account's codes are used up for a while: say for how long, in minutes.
        const minutes = Math.max(1, Math.ceil((error.retryAfter ?? 900) / 60));
        return setFormError(t('login:two_factor.too_many', { count: minutes }));
      }
      const field = recovery ? 'recovery_code' : 'code';
      const codes = (error as { errors?: Record<string, string[]> }).errors;
      // The server may name the field `code` for either input; show it on the visible one.
      if (codes && !codes[field] && codes.code) {
        setError(field, { type: 'server', message: codes.code[0] });
      } else if (!applyServerErrors(error, setError, [field])) {
        setFormError(errorMessage(error));
      }
    }
  });

  const toggle = () => {
    clearErrors();
    setRecovery((value) => !value);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <p className="text-sm text-slate-600">
        {recovery ? t('login:two_factor.recovery_subtitle') : t('login:two_factor.subtitle')}
      </p>
      <FormAlert message={formError} />
      {recovery ? (
        <FormField label={t('login:two_factor.recovery_code')} error={formState.errors.recovery_code} required>
          {(control) => (
            <Input {...control} {...register('recovery_code', { required: 'field_required' })} autoComplete="off" />
          )}
        </FormField>
      ) : (
        <FormField label={t('login:two_factor.code')} error={formState.errors.code} required>
          {(control) => (
            <OneTimeCodeInput
              {...control}
              {...register('code', ONE_TIME_CODE_RULES)}
              className="text-center text-lg tracking-[0.4em]"
            />
          )}
        </FormField>
      )}
      <Button type="submit" size="lg" disabled={formState.isSubmitting} className="w-full">
        <ShieldCheck aria-hidden="true" />
        {t('login:two_factor.submit')}
      </Button>
      <Button variant="link" onClick={toggle} className="self-center">
        {recovery ? t('login:two_factor.use_code') : t('login:two_factor.use_recovery')}
      </Button>
    </form>
  );
}
