import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ExternalLink, LogIn } from 'lucide-react';
import type { TLoginRequest, TLoginResponse } from '@embauche/contracts/auth';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useLogin } from '../api/login.ts';
import { useSsoCheck } from '../api/sso-check.ts';
import { isLoginEmail, lazyLoginResolver, loadLoginValidation } from '../lib/lazy-login-validation.ts';

type LoginFormProps = {
  onResult: (result: TLoginResponse, credentials: TLoginRequest) => void;
};

export function LoginForm({ onResult }: LoginFormProps) {
  const { t } = useTranslation(['login', 'errors']);
  const errorMessage = useApiErrorMessage();
  const [formError, setFormError] = useState<string | null>(null);
  const [ssoUrl, setSsoUrl] = useState<string | null>(null);
  const loginMutation = useLogin();
  const sso = useSsoCheck();
  const { register, handleSubmit, setError, formState } = useForm<TLoginRequest>({
    resolver: lazyLoginResolver,
    defaultValues: { email: '', password: '' },
  });
  const email = register('email');

  const checkSso = async (value: string) => {
    if (!(await isLoginEmail(value))) return setSsoUrl(null);
    sso.mutate(value.trim(), {
      onSuccess: (result) => setSsoUrl(result.sso && result.redirect_url ? result.redirect_url : null),
      onError: () => setSsoUrl(null),
    });
  };

  const submitPassword = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onResult(await loginMutation.mutateAsync(values), values);
    } catch (error) {
      if (!applyServerErrors(error, setError, ['email', 'password'])) setFormError(errorMessage(error));
    }
  });
  // An SSO e-mail signs in at the company's provider: the server's start address redirects there.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!ssoUrl) return submitPassword(event);
    event.preventDefault();
    window.location.assign(ssoUrl);
  };

  return (
    <form onSubmit={onSubmit} onFocus={() => void loadLoginValidation()} noValidate className="flex flex-col gap-5">
      <FormAlert message={formError} />
      <FormField label={t('login:email')} error={formState.errors.email} required>
        {(control) => (
          <Input
            {...control}
            {...email}
            onBlur={(event) => {
              void email.onBlur(event);
              void checkSso(event.target.value);
            }}
            type="email"
            autoComplete="username"
          />
        )}
      </FormField>
      {ssoUrl ? (
        <div className="flex flex-col gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4">
          <p className="text-sm text-slate-800">{t('login:sso_detected')}</p>
          <a href={ssoUrl} className={buttonVariants({ className: 'w-full' })}>
            <ExternalLink aria-hidden="true" />
            {t('login:sso_continue')}
          </a>
        </div>
      ) : (
        <>
          <FormField label={t('login:password')} error={formState.errors.password} required>
            {(control) => (
              <Input {...control} {...register('password')} type="password" autoComplete="current-password" />
            )}
          </FormField>
          <Link
            to="/forgot-password"
            className="-mt-3 self-end rounded-sm text-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
          >
            {t('login:forgot_link')}
          </Link>
          <Button type="submit" size="lg" disabled={formState.isSubmitting} className="w-full">
            <LogIn aria-hidden="true" />
            {t('login:submit')}
          </Button>
        </>
      )}
    </form>
  );
}
