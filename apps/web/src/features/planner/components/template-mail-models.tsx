import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TEMPLATE_MAIL_KINDS,
  TEMPLATE_MAIL_PURPOSES,
  type TTemplateMailPurpose,
} from '@embauche/contracts/planner';
import { Select } from '../../../components/ui/select.tsx';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { useTemplateMailModels } from '../api/get-template-mail-models.ts';

type Models = Record<TTemplateMailPurpose, number | null>;

function PurposeSelect({
  purpose,
  value,
  onChange,
  canUseModels,
  error,
}: {
  purpose: TTemplateMailPurpose;
  value: number | null;
  onChange: (id: number | null) => void;
  canUseModels: boolean;
  error?: string | undefined;
}) {
  const { t } = useTranslation(['planner', 'errors']);
  const id = useId();
  const models = useTemplateMailModels(TEMPLATE_MAIL_KINDS[purpose], canUseModels);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t(`planner:mails.${purpose}`)}
      </label>
      <Select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{t('planner:mails.built_in')}</option>
        {(models.data?.data ?? []).map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
        {value !== null && !models.data?.data.some((m) => m.id === value) ? (
          <option value={value}>{t('planner:mails.chosen_model')}</option>
        ) : null}
      </Select>
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {translateErrorCode(t, error)}
        </p>
      ) : null}
    </div>
  );
}

/** Which e-mail model each message of the template uses (invitation, reminder, change, cancellation), or the built-in text. */
export function TemplateMailModels({
  value,
  onChange,
  canUseModels,
  errors,
}: {
  value: Models;
  onChange: (models: Models) => void;
  canUseModels: boolean;
  errors?: Partial<Record<TTemplateMailPurpose, { message?: string }>> | undefined;
}) {
  const { t } = useTranslation('planner');
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">
        {t('planner:mails.legend')}
      </legend>
      {canUseModels ? null : (
        <p className="text-xs text-slate-600">{t('planner:mails.no_access')}</p>
      )}
      <div className="grid min-w-0 gap-3 sm:grid-cols-2">
        {TEMPLATE_MAIL_PURPOSES.map((purpose) => (
          <PurposeSelect
            key={purpose}
            purpose={purpose}
            value={value[purpose]}
            onChange={(id) => onChange({ ...value, [purpose]: id })}
            canUseModels={canUseModels}
            error={errors?.[purpose]?.message}
          />
        ))}
      </div>
    </fieldset>
  );
}
