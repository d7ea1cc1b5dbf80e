import { useMemo } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { LANGUAGES, ORGANISATION_TYPES } from '@embauche/contracts/constants';
import {
  ZCompanyIdentityForm,
  type TCompanyIdentity,
  type TCompanyIdentityForm,
  type TCompanyIdentityFormInput,
} from '@embauche/contracts/company-settings';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useCompanyIdentity } from '../api/get-company-identity.ts';
import { useSaveCompanyIdentity } from '../api/save-company-identity.ts';
import { CompanyLogoField } from './company-logo-field.tsx';
import { SettingsQuery, SettingsSection } from './settings-query.tsx';

const FIELDS = ['social_reason', 'country', 'organisation_type', 'support_url', 'default_language', 'time_zone'] as const;

/** Countries offered first; a company's own country is always in the list. */
const COUNTRIES = [
  'FR', 'BE', 'CH', 'LU', 'MC', 'DE', 'AT', 'ES', 'PT', 'IT', 'NL', 'GB', 'IE', 'PL', 'SE', 'DK', 'NO', 'FI',
  'US', 'CA', 'MA', 'DZ', 'TN', 'SN', 'CI', 'CM', 'RE', 'GP', 'MQ', 'GF', 'YT', 'NC', 'PF',
];

function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
}

const defaults = (c: TCompanyIdentity): TCompanyIdentityFormInput => ({
  social_reason: c.social_reason,
  country: c.country,
  organisation_type: c.organisation_type as TCompanyIdentityFormInput['organisation_type'],
  support_url: c.support_url ?? '',
  default_language: c.default_language,
  time_zone: c.time_zone,
});

function IdentityForm({ identity }: { identity: TCompanyIdentity }) {
  const { t, i18n } = useTranslation(['company_settings', 'errors', 'common']);
  const save = useSaveCompanyIdentity();
  const form = useForm<TCompanyIdentityFormInput, unknown, TCompanyIdentityForm>({
    resolver: zodResolver(ZCompanyIdentityForm),
    defaultValues: defaults(identity),
  });
  const { errors } = form.formState;
  const regions = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    const codes = COUNTRIES.includes(identity.country) ? COUNTRIES : [identity.country, ...COUNTRIES];
    return codes
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  }, [i18n.language, identity.country]);
  const zones = useMemo(() => timeZones(identity.time_zone), [identity.time_zone]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset(defaults(saved));
      toast.success(t('company_settings:saved'));
    } catch (error) {
      if (!applyServerErrors(error, form.setError, FIELDS)) toast.error(t('errors:generic'));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField label={t('company_settings:admin_infos.social_reason')} required error={errors.social_reason}>
        {(control) => <Input {...control} autoComplete="organization" {...form.register('social_reason')} />}
      </FormField>
      <div className="grid gap-4 md:grid-cols-2">
        <FormField label={t('company_settings:admin_infos.country')} required error={errors.country}>
          {(control) => (
            <Select {...control} {...form.register('country')}>
              {regions.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('company_settings:admin_infos.organisation_type')} required error={errors.organisation_type}>
          {(control) => (
            <Select {...control} {...form.register('organisation_type', { setValueAs: (v) => (v === '' ? undefined : Number(v)) })}>
              {Object.entries(ORGANISATION_TYPES).map(([name, value]) => (
                <option key={value} value={value}>
                  {t(`company_settings:organisation_types.${name}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('company_settings:admin_infos.default_language')} required hint={t('company_settings:admin_infos.default_language_hint')} error={errors.default_language}>
          {(control) => (
            <Select {...control} {...form.register('default_language')}>
              {LANGUAGES.map((lng) => (
                <option key={lng} value={lng}>
                  {t(`company_settings:languages.${lng}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('company_settings:admin_infos.time_zone')} required hint={t('company_settings:admin_infos.time_zone_hint')} error={errors.time_zone}>
          {(control) => (
            <Select {...control} {...form.register('time_zone')}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <FormField label={t('company_settings:admin_infos.support_url')} hint={t('company_settings:admin_infos.support_url_hint')} error={errors.support_url as FieldError | undefined}>
        {(control) => <Input {...control} type="url" inputMode="url" autoComplete="url" placeholder="https://" {...form.register('support_url')} />}
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('company_settings:save')}
        </Button>
      </div>
    </form>
  );
}

/** Config page `account-infos/admin-infos` (`config.account`): the company's identity and logo. */
export function AdminInfosPage() {
  const { t } = useTranslation(['company_settings']);
  const identity = useCompanyIdentity();
  return (
    <SettingsQuery query={identity}>
      {(data) => (
        <div className="flex flex-col gap-4 p-4 sm:p-6">
          <SettingsSection title={t('company_settings:admin_infos.logo')} description={t('company_settings:admin_infos.logo_intro')}>
            <CompanyLogoField identity={data} />
          </SettingsSection>
          <SettingsSection title={t('company_settings:admin_infos.identity')} description={t('company_settings:admin_infos.intro')}>
            <IdentityForm identity={data} />
          </SettingsSection>
        </div>
      )}
    </SettingsQuery>
  );
}
