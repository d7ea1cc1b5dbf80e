import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, CircleCheck, KeyRound, LinkIcon, LoaderCircle, LogIn, RotateCw } from 'lucide-react';
import { ZResetPasswordForm, type TResetPasswordForm } from '@embauche/contracts/password-reset';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { errorStatus, isApiError } from '../../../lib/api-error.ts';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { meQueryKey } from '../api/get-me.ts';
import { useResetToken } from '../api/check-reset-token.ts';
import { useResetPassword } from '../api/reset-password.ts';

const EMPTY: TResetPasswordForm = { password: '', password_confirmation: '' };

/** A 422 on the link itself (unknown, expired, used), as opposed to the password fields. */
const isInvalidLink = (error: unknown) => isApiError(error) && error.status === 422 && Boolean(error.errors?.token);

/**
 * The page a reset e-mail opens (`/reset-password?token=…`): the link is checked first, so that an
 * expired or used one says so before anything is typed; then the new password, with the rules and
 * messages of the change-password form; then the way back to the sign-in page.
 */
export function ResetPasswordPage({ token }: { token: string }) {
  const { t } = useTranslation(['login', 'errors']);
  const check = useResetToken(token);
  const [state, setState] = useState<'form' | 'done' | 'invalid'>('form');
  // An invited user (no password yet) chooses their first password: the page says so.
  const keys = check.data?.first_password ? 'login:reset.first' : 'login:reset';

  if (token === '' || state === 'invalid' || (check.isError && isInvalidLink(check.error))) return <InvalidLink />;
  if (state === 'done') return <PasswordChanged keys={keys} />;
  if (check.isError) return <CheckFailed error={check.error} onRetry={() => void check.refetch()} />;
  if (!check.data) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        {t('login:reset.checking')}
      </p>
    );
  }
  return (
    <NewPasswordForm
      token={token}
      email={check.data.email}
      keys={keys}
      onDone={() => setState('done')}
      onInvalid={() => setState('invalid')}
    />
  );
}

/** `keys`: the texts of a reset (`login:reset`) or of an invitation's first password (`login:reset.first`). */
type Keys = 'login:reset' | 'login:reset.first';

function NewPasswordForm({ token, email, keys, onDone, onInvalid }: { token: string; email: string; keys: Keys; onDone: () => void; onInvalid: () => void }) {
  const { t } = useTranslation(['login', 'errors']);
  const errorMessage = useApiErrorMessage();
  const queryClient = useQueryClient();
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<TResetPasswordForm>({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await reset.mutateAsync({ token, ...values });
      // Every session of the account has ended, this browser's included.
      queryClient.removeQueries({ queryKey: meQueryKey });
      onDone();
    } catch (error) {
      if (isInvalidLink(error)) return onInvalid();
      if (!applyServerErrors(error, setError, Object.keys(EMPTY))) setFormError(errorMessage(error));
    }
  });

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t(`${keys}.heading`)}</h1>
        <p className="mt-1.5 break-words text-sm text-slate-600">{t('login:reset.subtitle', { email })}</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {/* For password managers: the account the new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormAlert message={formError} />
        <FormField label={t(`${keys}.password`)} error={formState.errors.password} required>
          {(control) => <Input {...control} {...register('password')} type="password" autoComplete="new-password" />}
        </FormField>
        <FormField label={t(`${keys}.confirmation`)} error={formState.errors.password_confirmation} required>
          {(control) => (
            <Input {...control} {...register('password_confirmation')} type="password" autoComplete="new-password" />
          )}
        </FormField>
        <Button type="submit" size="lg" disabled={formState.isSubmitting} className="w-full">
          <KeyRound aria-hidden="true" />
          {t(`${keys}.submit`)}
        </Button>
      </form>
      <BackToLogin />
    </div>
  );
}

function InvalidLink() {
  const { t } = useTranslation(['login', 'errors']);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <LinkIcon aria-hidden="true" className="size-10 text-slate-400" />
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('login:reset.invalid_heading')}</h1>
        <p className="text-sm text-slate-700">{t('errors:reset_token_invalid')}</p>
      </div>
      <Link to="/forgot-password" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
        {t('login:reset.ask_again')}
      </Link>
      <BackToLogin />
    </div>
  );
}

function PasswordChanged({ keys }: { keys: Keys }) {
  const { t } = useTranslation('login');
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <CircleCheck aria-hidden="true" className="size-10 text-emerald-600" />
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t(`${keys}.done_heading`)}</h1>
        <p role="status" className="text-sm text-slate-700">
          {t(`${keys}.done`)}
        </p>
      </div>
      <Link to="/login" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
        <LogIn aria-hidden="true" />
        {t('login:reset.sign_in')}
      </Link>
    </div>
  );
}

/** The check itself failed (too many attempts, the network): say so and offer to try again. */
function CheckFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('login');
  const errorMessage = useApiErrorMessage();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('login:reset.heading')}</h1>
      <FormAlert message={errorMessage(error)} />
      {errorStatus(error) !== 429 ? (
        <Button variant="outline" onClick={onRetry} className="self-start">
          <RotateCw aria-hidden="true" />
          {t('login:reset.retry')}
        </Button>
      ) : null}
      <BackToLogin />
    </div>
  );
}

function BackToLogin() {
  const { t } = useTranslation('login');
  return (
    <Link to="/login" className={buttonVariants({ variant: 'ghost', className: 'self-start' })}>
      <ArrowLeft aria-hidden="true" />
      {t('login:back_to_login')}
    </Link>
  );
}
