import { useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Check, Minus } from 'lucide-react';
import { FEATURES } from '@embauche/contracts/constants';
import {
  ZSubscriptionForm,
  type TSubscription,
  type TSubscriptionForm,
  type TSubscriptionFormInput,
} from '@embauche/contracts/company-settings';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useSubscription } from '../api/get-subscription.ts';
import { useSaveSubscription } from '../api/save-subscription.ts';
import { SettingsQuery, SettingsSection } from './settings-query.tsx';
import { formatDate } from '../../../lib/dates.ts';

const FIELDS = ['plan_name', 'seats_allowed', 'renewal_date', 'features'] as const;

function formatDay(day: string | null, lng: string): string | null {
  if (!day) return null;
  return formatDate(day, 'long', lng);
}

function PlanSummary({ plan }: { plan: TSubscription }) {
  const { t, i18n } = useTranslation(['company_settings']);
  const none = t('company_settings:subscription.not_set');
  const ratio = plan.seats_allowed ? Math.min(1, plan.seats_used / plan.seats_allowed) : 0;
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-4 sm:grid-cols-3">
        <div className="flex flex-col gap-1">
          <dt className="text-sm text-slate-600">{t('company_settings:subscription.plan_name')}</dt>
          <dd className="text-base font-semibold text-slate-900">{plan.plan_name ?? none}</dd>
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-sm text-slate-600">{t('company_settings:subscription.seats')}</dt>
          <dd className="text-base font-semibold text-slate-900">
            {plan.seats_allowed === null
              ? t('company_settings:subscription.seats_unlimited', { count: plan.seats_used })
              : t('company_settings:subscription.seats_of', { used: plan.seats_used, count: plan.seats_allowed })}
          </dd>
          {plan.seats_allowed !== null ? (
            <div
              role="meter"
              aria-label={t('company_settings:subscription.seats')}
              aria-valuemin={0}
              aria-valuemax={plan.seats_allowed}
              aria-valuenow={plan.seats_used}
              className="h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <div className={ratio >= 1 ? 'h-full bg-red-600' : 'h-full bg-brand-600'} style={{ width: `${ratio * 100}%` }} />
            </div>
          ) : null}
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-sm text-slate-600">{t('company_settings:subscription.renewal_date')}</dt>
          <dd className="text-base font-semibold text-slate-900">{formatDay(plan.renewal_date, i18n.language) ?? none}</dd>
        </div>
      </dl>
      <div className="flex flex-col gap-2">
        <h4 className="text-sm font-medium text-slate-800">{t('company_settings:subscription.features')}</h4>
        <ul className="grid gap-2 sm:grid-cols-2" aria-label={t('company_settings:subscription.features')}>
          {FEATURES.map((feature) => {
            const on = plan.features.includes(feature);
            return (
              <li key={feature} className="flex items-center gap-2 text-sm text-slate-800">
                {on ? <Check aria-hidden="true" className="size-4 text-green-700" /> : <Minus aria-hidden="true" className="size-4 text-slate-400" />}
                <span>{t(`company_settings:features.${feature}`)}</span>
                <span className="sr-only">{on ? t('company_settings:subscription.feature_on') : t('company_settings:subscription.feature_off')}</span>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

const defaults = (p: TSubscription): TSubscriptionFormInput => ({
  plan_name: p.plan_name ?? '',
  seats_allowed: p.seats_allowed,
  renewal_date: p.renewal_date ?? '',
  features: p.features,
});

/** Super administrators only: the server refuses everybody else (403). */
function PlanForm({ plan }: { plan: TSubscription }) {
  const { t } = useTranslation(['company_settings', 'errors']);
  const save = useSaveSubscription();
  const form = useForm<TSubscriptionFormInput, unknown, TSubscriptionForm>({
    resolver: zodResolver(ZSubscriptionForm),
    defaultValues: defaults(plan),
  });
  const { errors } = form.formState;
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
      <div className="grid gap-4 md:grid-cols-3">
        <FormField label={t('company_settings:subscription.plan_name')} error={errors.plan_name as FieldError | undefined}>
          {(control) => <Input {...control} {...form.register('plan_name')} />}
        </FormField>
        <FormField label={t('company_settings:subscription.seats_allowed')} hint={t('company_settings:subscription.seats_allowed_hint')} error={errors.seats_allowed as FieldError | undefined}>
          {(control) => (
            <Input
              {...control}
              type="number"
              min={1}
              inputMode="numeric"
              {...form.register('seats_allowed', { setValueAs: (v) => (v === '' || v === null ? null : Number(v)) })}
            />
          )}
        </FormField>
        <FormField label={t('company_settings:subscription.renewal_date')} error={errors.renewal_date as FieldError | undefined}>
          {(control) => <Input {...control} type="date" {...form.register('renewal_date')} />}
        </FormField>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('company_settings:subscription.features')}</legend>
        {FEATURES.map((feature) => (
          <label key={feature} className="flex items-center gap-2 text-sm text-slate-800">
            <Checkbox value={feature} {...form.register('features')} />
            {t(`company_settings:features.${feature}`)}
          </label>
        ))}
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('company_settings:save')}
        </Button>
      </div>
    </form>
  );
}

/** Config page `account-infos/subscription` (`config.account`): read-only unless a super administrator. */
export function SubscriptionPage() {
  const { t } = useTranslation(['company_settings']);
  const subscription = useSubscription();
  return (
    <SettingsQuery query={subscription}>
      {(plan) => (
        <div className="flex flex-col gap-4 p-4 sm:p-6">
          <SettingsSection
            title={t('company_settings:subscription.current')}
            description={plan.editable ? undefined : t('company_settings:subscription.read_only')}
          >
            <PlanSummary plan={plan} />
          </SettingsSection>
          {plan.editable ? (
            <SettingsSection title={t('company_settings:subscription.edit')} description={t('company_settings:subscription.edit_intro')}>
              <PlanForm plan={plan} />
            </SettingsSection>
          ) : null}
        </div>
      )}
    </SettingsQuery>
  );
}
