import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCustomField, TCustomFieldValue, TCustomFieldValues } from '@embauche/contracts/custom-fields';
import { translateErrorCode } from '../../lib/error-message.ts';
import { cn } from '../../lib/cn.ts';
import { Checkbox } from '../ui/checkbox.tsx';
import { DatePicker } from '../ui/date-picker.tsx';
import { FormField, type FieldControlProps } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';
import { formatDate } from '../../lib/dates.ts';

const TEXTAREA =
  'min-h-20 w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-invalid:border-red-600';

type Props = {
  fields: readonly TCustomField[];
  values: TCustomFieldValues;
  /** Error codes by field id (`field_required`, `unknown_option`…), from the checks or a 422. */
  errors: Record<string, string>;
  onChange: (id: number, value: TCustomFieldValue) => void;
};

/** Euros typed (`12,50` or `12.50`) as whole cents; null when empty, NaN when not a number. */
function toCents(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!trimmed) return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
}

/**
 * The inputs of the company's custom fields (offer form, applicant screen), one per field by type:
 * text, long text, number, amount in euros (kept in cents), date, single or multiple choice, yes/no.
 * A required field shows its asterisk; errors come as codes of the errors namespace.
 */
export function CustomFieldInputs({ fields, values, errors, onChange }: Props) {
  if (!fields.length) return null;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((field) => {
        const key = String(field.id);
        const value = values[key] ?? null;
        const code = errors[key];
        const error = code ? { type: 'server', message: code } : undefined;
        const wide = field.type === 'long_text' || field.type === 'multiple_choice';
        if (field.type === 'multiple_choice')
          return (
            <ChoiceGroup key={key} field={field} value={Array.isArray(value) ? value : []} code={code} onChange={(v) => onChange(field.id, v)} />
          );
        return (
          <FormField key={key} label={field.label} required={field.required} error={error} className={wide ? 'sm:col-span-2' : undefined}>
            {(control) => <Control field={field} value={value} control={control} onChange={(v) => onChange(field.id, v)} />}
          </FormField>
        );
      })}
    </div>
  );
}

/** The input of one field by its type (a component of its own: the inputs keep their focus). */
function Control({ field, value, control, onChange: change }: { field: TCustomField; value: TCustomFieldValue; control: FieldControlProps; onChange: (v: TCustomFieldValue) => void }) {
  const { t } = useTranslation('customFields');
  switch (field.type) {
    case 'long_text':
      return <textarea {...control} rows={3} className={TEXTAREA} value={typeof value === 'string' ? value : ''} onChange={(e) => change(e.target.value)} />;
    case 'number':
      return (
        <Input
          {...control}
          type="number"
          step="any"
          inputMode="decimal"
          value={typeof value === 'number' ? String(value) : ''}
          onChange={(e) => change(e.target.value === '' ? null : Number(e.target.value))}
        />
      );
    case 'currency':
      return (
        <div className="relative">
          <Input
            {...control}
            type="number"
            step="0.01"
            inputMode="decimal"
            className="pr-8"
            defaultValue={typeof value === 'number' ? (value / 100).toFixed(2) : ''}
            onChange={(e) => change(toCents(e.target.value))}
          />
          <span aria-hidden="true" className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-sm text-slate-600">
            €
          </span>
        </div>
      );
    case 'date':
      return <DatePicker {...control} label={field.label} value={typeof value === 'string' ? value : null} onChange={(v) => change(v ?? null)} />;
    case 'single_choice':
      return (
        <Select {...control} value={typeof value === 'string' ? value : ''} onChange={(e) => change(e.target.value || null)}>
          <option value="">{t('customFields:inputs.none')}</option>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
      );
    case 'yes_no':
      return (
        <Select {...control} value={value === true ? 'yes' : value === false ? 'no' : ''} onChange={(e) => change(e.target.value === '' ? null : e.target.value === 'yes')}>
          <option value="">{t('customFields:inputs.none')}</option>
          <option value="yes">{t('customFields:inputs.yes')}</option>
          <option value="no">{t('customFields:inputs.no')}</option>
        </Select>
      );
    default:
      return <Input {...control} autoComplete="off" value={typeof value === 'string' ? value : ''} onChange={(e) => change(e.target.value)} />;
  }
}

/** A multiple choice: one checkbox per option inside a named group. */
function ChoiceGroup({ field, value, code, onChange }: { field: TCustomField; value: string[]; code: string | undefined; onChange: (v: string[]) => void }) {
  const { t } = useTranslation('errors');
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-1.5 sm:col-span-2" aria-describedby={code ? `${id}-error` : undefined} aria-invalid={code ? true : undefined}>
      <legend className={cn('mb-1.5 text-sm font-medium', code ? 'text-red-700' : 'text-slate-800')}>
        {field.label}
        {field.required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        ) : null}
      </legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {field.options.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm text-slate-800">
            <Checkbox
              checked={value.includes(option)}
              onChange={(e) => onChange(e.target.checked ? [...value, option] : value.filter((v) => v !== option))}
            />
            {option}
          </label>
        ))}
      </div>
      {code ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {translateErrorCode(t, code)}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A value for reading (details view): amounts in euros, yes/no in words, choices joined. */
export function useCustomValueText() {
  const { t, i18n } = useTranslation('customFields');
  return (field: Pick<TCustomField, 'type'>, value: TCustomFieldValue | undefined): string | null => {
    if (value === null || value === undefined) return null;
    if (Array.isArray(value)) return value.join(', ');
    if (typeof value === 'boolean') return value ? t('customFields:inputs.yes') : t('customFields:inputs.no');
    if (field.type === 'currency' && typeof value === 'number')
      return new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'EUR' }).format(value / 100);
    if (field.type === 'date' && typeof value === 'string') {
      return formatDate(value, 'date', i18n.language) || value;
    }
    return String(value);
  };
}
