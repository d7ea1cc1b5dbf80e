import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, MailCheck, Send } from 'lucide-react';
import { ZPasswordRequestedRequest, type TPasswordRequestedRequest } from '@embauche/contracts/password-reset';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

/**
 * Spec 7 `POST /users/password-requested`: asks for a reset link. The confirmation says the same
 * whatever the address, as the server answers: it never tells whether an account uses it.
 */
export function ForgotPasswordPage({ defaultEmail = '' }: { defaultEmail?: string }) {
  const { t } = useTranslation(['login', 'errors']);
  const errorMessage = useApiErrorMessage();
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<TPasswordRequestedRequest>({
    resolver: zodResolver(ZPasswordRequestedRequest),
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await request.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      if (!applyServerErrors(error, setError, ['email'])) setFormError(errorMessage(error));
    }
  });

  const backToLogin = (
    <Link to="/login" className={buttonVariants({ variant: 'ghost', className: 'self-start' })}>
      <ArrowLeft aria-hidden="true" />
      {t('login:back_to_login')}
    </Link>
  );

  if (sentTo !== null) {
    return (
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-3">
          <MailCheck aria-hidden="true" className="size-10 text-brand-600" />
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('login:forgot.sent_heading')}</h1>
          <div role="status" className="flex flex-col gap-2 text-sm text-slate-700">
            <p className="break-words">{t('login:forgot.sent', { email: sentTo })}</p>
            <p>{t('login:forgot.spam')}</p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" onClick={() => setSentTo(null)}>
            {t('login:forgot.again')}
          </Button>
          {backToLogin}
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('login:forgot.heading')}</h1>
        <p className="mt-1.5 text-sm text-slate-600">{t('login:forgot.subtitle')}</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormAlert message={formError} />
        <FormField label={t('login:email')} error={formState.errors.email} required>
          {(control) => <Input {...control} {...register('email')} type="email" autoComplete="username" />}
        </FormField>
        <Button type="submit" size="lg" disabled={formState.isSubmitting} className="w-full">
          <Send aria-hidden="true" />
          {t('login:forgot.submit')}
        </Button>
      </form>
      {backToLogin}
    </div>
  );
}
