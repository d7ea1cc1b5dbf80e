import { useId } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { LANGUAGES } from '@embauche/contracts/constants';
import {
  ZSsoSettingsForm,
  type TSsoSettings,
  type TSsoSettingsFormInput,
  type TSsoSettingsInput,
} from '@embauche/contracts/sso';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { CopyableInput } from '../../../components/ui/copyable-input.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useSaveSsoSettings } from '../api/save-sso-settings.ts';
import { SsoDomainList } from './sso-domain-list.tsx';

const FIELDS = [
  'enabled',
  'issuer_url',
  'client_id',
  'client_secret',
  'domains',
  'auto_create_users',
  'default_role_id',
  'default_language',
] as const;

const defaults = (s: TSsoSettings): TSsoSettingsFormInput => ({
  enabled: s.configured ? s.enabled : true,
  issuer_url: s.issuer_url,
  client_id: s.client_id,
  client_secret: '',
  domains: s.domains.join('\n'),
  auto_create_users: s.auto_create_users,
  default_role_id: s.default_role_id ?? '',
  default_language: s.default_language,
});

const idValue = (value: unknown) => (value === '' || value === null || value === undefined ? '' : Number(value));

/** A 422's per-domain codes (`domains.0`) belong to the one domains field. */
function domainErrors(error: unknown): string[] {
  if (!isApiError(error) || !error.errors) return [];
  return Object.entries(error.errors).flatMap(([field, codes]) => (field.startsWith('domains.') ? codes : []));
}

const TEXTAREA =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-invalid:border-red-600';

/** The company's OpenID Connect settings; the secret is write-only. */
export function SsoSettingsForm({ settings, onDone }: { settings: TSsoSettings; onDone: () => void }) {
  const { t } = useTranslation(['sso', 'errors', 'common']);
  const save = useSaveSsoSettings();
  const redirectId = useId();
  const form = useForm<TSsoSettingsFormInput, unknown, TSsoSettingsInput>({
    resolver: zodResolver(ZSsoSettingsForm),
    defaultValues: defaults(settings),
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...values, client_secret: values.client_secret || undefined });
      toast.success(t('sso:saved'));
      onDone();
    } catch (error) {
      const applied = applyServerErrors(error, form.setError, FIELDS);
      const domains = domainErrors(error);
      if (domains.length) form.setError('domains', { type: 'server', message: domains[0] }, { shouldFocus: !applied });
      if (!applied && !domains.length) toast.error(t('errors:generic'));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <Checkbox {...form.register('enabled')} />
        {t('sso:enabled')}
      </label>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={redirectId} className="text-sm font-medium text-slate-800">
          {t('sso:redirect_uri')}
        </label>
        <CopyableInput id={redirectId} value={settings.redirect_uri} />
      </div>
      <FormField label={t('sso:issuer_url')} required hint={t('sso:issuer_hint')} error={errors.issuer_url}>
        {(control) => <Input {...control} type="url" autoComplete="off" {...form.register('issuer_url')} />}
      </FormField>
      <FormField label={t('sso:client_id')} required error={errors.client_id}>
        {(control) => <Input {...control} autoComplete="off" {...form.register('client_id')} />}
      </FormField>
      <FormField
        label={t('sso:client_secret')}
        required={!settings.client_secret_set}
        hint={settings.client_secret_set ? t('sso:client_secret_set') : t('sso:client_secret_hint')}
        error={errors.client_secret}
      >
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('client_secret')} />}
      </FormField>
      <FormField label={t('sso:domains')} required hint={t('sso:domains_hint')} error={errors.domains as FieldError | undefined}>
        {(control) => <textarea {...control} rows={3} className={TEXTAREA} {...form.register('domains')} />}
      </FormField>
      <SsoDomainList states={settings.domain_states} />
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <Checkbox {...form.register('auto_create_users')} />
        {t('sso:auto_create_users')}
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('sso:default_role')} error={errors.default_role_id as FieldError | undefined}>
          {(control) => (
            <Select {...control} {...form.register('default_role_id', { setValueAs: idValue })}>
              <option value="">{t('sso:no_role')}</option>
              {settings.roles.map((role) => (
                <option key={role.id} value={role.id}>
                  {role.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('sso:default_language')} required error={errors.default_language}>
          {(control) => (
            <Select {...control} {...form.register('default_language')}>
              {LANGUAGES.map((lng) => (
                <option key={lng} value={lng}>
                  {t(`sso:languages.${lng}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onDone}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('sso:save')}
        </Button>
      </div>
    </form>
  );
}
