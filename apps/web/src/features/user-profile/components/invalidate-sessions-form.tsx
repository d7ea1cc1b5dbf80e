import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { LogOut } from 'lucide-react';
import { ZInvalidateSessionsRequest } from '@embauche/contracts/profile';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useInvalidateSessions } from '../api/invalidate-sessions.ts';

export function InvalidateSessionsForm() {
  const { t } = useTranslation(['user_config', 'errors']);
  const errorMessage = useApiErrorMessage();
  const invalidate = useInvalidateSessions();
  const { register, handleSubmit, setError, reset, formState } = useForm({
    resolver: zodResolver(ZInvalidateSessionsRequest),
    defaultValues: { password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await invalidate.mutateAsync(values);
      reset({ password: '' });
      toast.success(t('user_config:sessions.done'));
    } catch (error) {
      if (!applyServerErrors(error, setError, ['password'])) toast.error(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <FormField
        label={t('user_config:sessions.password')}
        error={formState.errors.password}
        required
        className="flex-1"
      >
        {(control) => <Input {...control} {...register('password')} type="password" autoComplete="current-password" />}
      </FormField>
      <Button type="submit" variant="outline" disabled={formState.isSubmitting} className="sm:mt-7">
        <LogOut aria-hidden="true" />
        {t('user_config:sessions.submit')}
      </Button>
    </form>
  );
}
