import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  FORBIDDEN_WORDS_MAX,
  MANDATORY_MENTIONS_MAX,
  ZOfferParameters,
  type TOfferParameters,
} from '@embauche/contracts/company-settings';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useOfferParameters } from '../api/get-offer-parameters.ts';
import { useSaveOfferParameters } from '../api/save-offer-parameters.ts';
import { SettingsQuery, SettingsSection } from './settings-query.tsx';

const TEXTAREA =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-invalid:border-red-600';

/** The words are typed one per line. */
type FormValues = { require_gender_mention: boolean; forbidden_words: string; mandatory_mentions: string };

const defaults = (p: TOfferParameters): FormValues => ({
  require_gender_mention: p.require_gender_mention,
  forbidden_words: p.forbidden_words.join('\n'),
  mandatory_mentions: p.mandatory_mentions ?? '',
});

function ParametersForm({ saved }: { saved: TOfferParameters }) {
  const { t } = useTranslation(['company_settings', 'errors']);
  const save = useSaveOfferParameters();
  const hintId = useId();
  const form = useForm<FormValues>({ defaultValues: defaults(saved) });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    const parsed = ZOfferParameters.safeParse({
      ...values,
      forbidden_words: values.forbidden_words.split('\n').map((w) => w.trim()).filter(Boolean),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof FormValues;
        form.setError(field, { type: 'zod', message: issue.message });
      }
      return;
    }
    try {
      const next = await save.mutateAsync(parsed.data);
      form.reset(defaults(next));
      toast.success(t('company_settings:saved'));
    } catch (error) {
      const words = isApiError(error) && error.errors
        ? Object.entries(error.errors).find(([k]) => k.startsWith('forbidden_words'))?.[1]
        : undefined;
      if (words?.length) form.setError('forbidden_words', { type: 'server', message: words[0] });
      else if (!applyServerErrors(error, form.setError, ['require_gender_mention', 'mandatory_mentions'])) toast.error(t('errors:generic'));
    }
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <Checkbox aria-describedby={`${hintId}-gender`} {...form.register('require_gender_mention')} />
          {t('company_settings:offer_parameters.require_gender_mention')}
        </label>
        <p id={`${hintId}-gender`} className="pl-6 text-xs text-slate-600">
          {t('company_settings:offer_parameters.require_gender_mention_hint')}
        </p>
      </div>
      <FormField
        label={t('company_settings:offer_parameters.forbidden_words')}
        hint={t('company_settings:offer_parameters.forbidden_words_hint', { count: FORBIDDEN_WORDS_MAX })}
        error={errors.forbidden_words}
      >
        {(control) => <textarea {...control} rows={4} className={TEXTAREA} {...form.register('forbidden_words')} />}
      </FormField>
      <FormField
        label={t('company_settings:offer_parameters.mandatory_mentions')}
        hint={t('company_settings:offer_parameters.mandatory_mentions_hint', { count: MANDATORY_MENTIONS_MAX })}
        error={errors.mandatory_mentions}
      >
        {(control) => <textarea {...control} rows={4} className={TEXTAREA} {...form.register('mandatory_mentions')} />}
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('company_settings:save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Config page `joboffers/offer-parameters` (`config.offer_parameters` and the NonDiscrimination
 * feature): the wording checks every offer passes before it is saved, and the mentions it shows.
 */
export function OfferParametersPage() {
  const { t } = useTranslation(['company_settings']);
  const parameters = useOfferParameters();
  return (
    <SettingsQuery query={parameters}>
      {(saved) => (
        <div className="flex flex-col gap-4 p-4 sm:p-6">
          <SettingsSection title={t('company_settings:offer_parameters.title')} description={t('company_settings:offer_parameters.intro')}>
            <ParametersForm saved={saved} />
          </SettingsSection>
        </div>
      )}
    </SettingsQuery>
  );
}
