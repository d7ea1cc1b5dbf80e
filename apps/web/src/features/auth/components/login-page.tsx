import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import type { TAccountChoice, TLoginRequest, TLoginResponse } from '@embauche/contracts/auth';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { meQueryOptions } from '../api/get-me.ts';
import { useLogin } from '../api/login.ts';
import { LoginForm } from './login-form.tsx';

/** The steps after the credentials, loaded once the form is used: the login page shows sooner. */
async function loadSteps() {
  const [{ AccountChoice }, { TwoFactorForm }] = await Promise.all([import('./account-choice.tsx'), import('./two-factor-form.tsx')]);
  return { AccountChoice, TwoFactorForm };
}

/** The message key of a refused SSO sign-in (`/login?sso_error=<code>`, contracts/sso.ts), if any. */
function ssoErrorKey(search: string, exists: (key: string) => boolean): string | null {
  const code = new URLSearchParams(search).get('sso_error');
  if (!code) return null;
  const key = `login:sso_error.${code}`;
  return /^[a-z_]{1,40}$/.test(code) && exists(key) ? key : 'login:sso_error.provider_error';
}

type Step =
  | { name: 'credentials' }
  | { name: 'choose_account'; accounts: TAccountChoice[]; credentials: TLoginRequest }
  | { name: 'two_factor' };

/** The sign-in steps. Once signed in, /me is refetched and the guest-only guard redirects. */
export function LoginPage() {
  const { t, i18n } = useTranslation('login');
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const errorMessage = useApiErrorMessage();
  const [step, setStep] = useState<Step>({ name: 'credentials' });
  // A refused SSO sign-in comes back as `/login?sso_error=<code>` (contracts/sso.ts SSO_ERROR_CODES).
  const [error, setError] = useState<string | null>(() => {
    const key = ssoErrorKey(location.search, (k) => i18n.exists(k));
    return key ? t(key) : null;
  });
  const [steps, setSteps] = useState<Awaited<ReturnType<typeof loadSteps>> | null>(null);
  const chooseLogin = useLogin();

  const signedIn = async () => {
    setError(null);
    try {
      await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
      // After a sign-out the page carries `signedOut`, which holds the guard back: drop it.
      if (location.state) void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    } catch (refetchError) {
      setError(errorMessage(refetchError));
    }
  };

  const onResult = async (result: TLoginResponse, credentials: TLoginRequest) => {
    if (result.status === 'authenticated') return signedIn();
    try {
      // The next step shows with its heading, once its code is here.
      setSteps(await loadSteps());
    } catch (loadError) {
      return setError(errorMessage(loadError));
    }
    if (result.status === 'two_factor_required') setStep({ name: 'two_factor' });
    else setStep({ name: 'choose_account', accounts: result.accounts, credentials });
  };

  const choose = (credentials: TLoginRequest) => (account: TAccountChoice) => {
    setError(null);
    chooseLogin.mutate(
      { ...credentials, user: account.id },
      { onSuccess: (result) => void onResult(result, credentials), onError: (e) => setError(errorMessage(e)) },
    );
  };

  const back = () => {
    setError(null);
    setStep({ name: 'credentials' });
  };

  const title =
    step.name === 'credentials'
      ? t('login:heading')
      : step.name === 'two_factor'
        ? t('login:two_factor.title')
        : t('login:choose_account.title');

  return (
    <div className="flex flex-col gap-6" onFocus={() => void loadSteps().catch(() => undefined)}>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {step.name === 'credentials' ? <p className="mt-1.5 text-sm text-slate-600">{t('login:subtitle')}</p> : null}
        {step.name === 'choose_account' ? (
          <p className="mt-1.5 text-sm text-slate-600">{t('login:choose_account.subtitle')}</p>
        ) : null}
      </div>
      <FormAlert message={error} />
      {step.name === 'credentials' ? <LoginForm onResult={(result, credentials) => void onResult(result, credentials)} /> : null}
      {step.name === 'choose_account' && steps ? (
        <steps.AccountChoice accounts={step.accounts} pending={chooseLogin.isPending} onChoose={choose(step.credentials)} />
      ) : null}
      {step.name === 'two_factor' && steps ? (
        <steps.TwoFactorForm
          onSuccess={() => void signedIn()}
          onExpired={() => {
            setStep({ name: 'credentials' });
            setError(t('login:two_factor.expired'));
          }}
        />
      ) : null}
      {step.name !== 'credentials' ? (
        <Button variant="ghost" onClick={back} className="self-start">
          <ArrowLeft aria-hidden="true" />
          {t('login:back_to_login')}
        </Button>
      ) : null}
    </div>
  );
}
