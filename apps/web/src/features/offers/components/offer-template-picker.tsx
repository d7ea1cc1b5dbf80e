import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TOfferTemplate } from '@embauche/contracts/offer-settings';
import { Select } from '../../../components/ui/select.tsx';
import { useOfferTemplateChoices } from '../api/get-offer-template-choices.ts';
import type { OfferFormValues } from './offer-fields.tsx';

/** The new-offer fields a template fills (its name aside); the job position stays empty when it has none. */
export function templateValues(template: TOfferTemplate): Partial<OfferFormValues> {
  return {
    job_position: template.job_position ?? '',
    contract_type: template.contract_type,
    location: template.location,
    department: template.department,
    remote: template.remote,
    salary_min: template.salary_min,
    salary_max: template.salary_max,
    description: template.description,
  };
}

/**
 * "Start from a template" (config `joboffers/templates`): picking one fills the form, which stays
 * editable. Shown only when the company has templates.
 */
export function OfferTemplatePicker({ onPick }: { onPick: (values: Partial<OfferFormValues>, template: TOfferTemplate) => void }) {
  const { t } = useTranslation('projects');
  const id = useId();
  const choices = useOfferTemplateChoices();
  const templates = choices.data?.data ?? [];
  if (!templates.length) return null;
  return (
    <div className="flex flex-col gap-1.5 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t('projects:new_offer.template')}
      </label>
      <Select
        id={id}
        defaultValue=""
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          const template = templates.find((x) => String(x.id) === e.target.value);
          if (template) onPick(templateValues(template), template);
        }}
      >
        <option value="">{t('projects:new_offer.no_template')}</option>
        {templates.map((template) => (
          <option key={template.id} value={template.id}>
            {template.name}
          </option>
        ))}
      </Select>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {t('projects:new_offer.template_hint')}
      </p>
    </div>
  );
}
