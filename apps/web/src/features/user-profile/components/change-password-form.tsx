import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ZChangePasswordRequest } from '@embauche/contracts/profile';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useChangePassword } from '../api/change-password.ts';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

export function ChangePasswordForm() {
  const { t } = useTranslation(['user_config', 'errors']);
  const errorMessage = useApiErrorMessage();
  const change = useChangePassword();
  const { register, handleSubmit, setError, reset, formState } = useForm({
    resolver: zodResolver(ZChangePasswordRequest),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      reset(EMPTY);
      toast.success(t('user_config:password.saved'));
    } catch (error) {
      if (!applyServerErrors(error, setError, Object.keys(EMPTY))) toast.error(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <FormField label={t('user_config:password.current')} error={formState.errors.current_password} required>
        {(control) => (
          <Input {...control} {...register('current_password')} type="password" autoComplete="current-password" />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t('user_config:password.new')} error={formState.errors.password} required>
          {(control) => <Input {...control} {...register('password')} type="password" autoComplete="new-password" />}
        </FormField>
        <FormField
          label={t('user_config:password.confirmation')}
          error={formState.errors.password_confirmation}
          required
        >
          {(control) => (
            <Input {...control} {...register('password_confirmation')} type="password" autoComplete="new-password" />
          )}
        </FormField>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={formState.isSubmitting}>
          {t('user_config:password.submit')}
        </Button>
      </div>
    </form>
  );
}
