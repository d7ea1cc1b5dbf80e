import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCustomField } from '@embauche/contracts/custom-fields';
import { DatePicker } from '../../../components/ui/date-picker.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useActiveCustomFields } from '../../../lib/custom-fields/get-active-custom-fields.ts';
import type { useOfferListParams } from '../hooks/use-offer-list-params.ts';

type Props = { list: ReturnType<typeof useOfferListParams> };

/**
 * Filter on an offer custom field (issue 17): choose one of the company's active offer fields,
 * then a value fitting its type. Both live in the address (`custom_field`, `custom_value`); the
 * list sends `filter[custom_fields][<id>]`. Nothing when the company has no offer field.
 */
export function CustomFieldFilter({ list }: Props) {
  const { t } = useTranslation('customFields');
  const id = useId();
  const fields = useActiveCustomFields('offer').data ?? [];
  if (!fields.length) return null;
  const field = fields.find((f) => f.id === list.params.custom_field);
  return (
    <fieldset className="flex flex-col gap-1.5 md:col-span-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('customFields:filter.legend')}</legend>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-44 flex-1 flex-col gap-1.5">
          <label htmlFor={`${id}-field`} className="text-sm text-slate-700">
            {t('customFields:filter.field')}
          </label>
          <Select id={`${id}-field`} value={field ? String(field.id) : ''} onChange={(e) => list.setCustomField(e.target.value ? Number(e.target.value) : null)}>
            <option value="">{t('customFields:filter.no_field')}</option>
            {fields.map((f) => (
              <option key={f.id} value={f.id}>
                {f.label}
              </option>
            ))}
          </Select>
        </div>
        {field ? (
          <div className="flex min-w-44 flex-1 flex-col gap-1.5">
            <ValueInput key={field.id} id={`${id}-value`} field={field} value={list.params.custom_value ?? ''} onChange={(v) => list.setFilter('custom_value', v || null)} />
          </div>
        ) : null}
      </div>
    </fieldset>
  );
}

/** The value's input by the field's type, with its label ("Value of <field>"). */
function ValueInput({ id, field, value, onChange }: { id: string; field: TCustomField; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('customFields');
  const label = t('customFields:filter.value', { label: field.label });
  const labelled = (control: ReactNode) => (
    <>
      <label htmlFor={id} className="text-sm text-slate-700">
        {label}
      </label>
      {control}
    </>
  );
  switch (field.type) {
    case 'single_choice':
    case 'multiple_choice':
      return labelled(
        <Select id={id} value={field.options.includes(value) ? value : ''} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('customFields:filter.any')}</option>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>,
      );
    case 'yes_no':
      return labelled(
        <Select id={id} value={value === '1' || value === '0' ? value : ''} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('customFields:filter.any')}</option>
          <option value="1">{t('customFields:inputs.yes')}</option>
          <option value="0">{t('customFields:inputs.no')}</option>
        </Select>,
      );
    case 'date':
      return labelled(<DatePicker id={id} label={label} value={value || null} onChange={(v) => onChange(v ?? '')} />);
    case 'number':
    case 'currency':
      return labelled(
        <div className="relative">
          <Input id={id} type="number" step={field.type === 'currency' ? '0.01' : 'any'} inputMode="decimal" className={field.type === 'currency' ? 'pr-8' : undefined} value={value} onChange={(e) => onChange(e.target.value)} />
          {field.type === 'currency' ? (
            <span aria-hidden="true" className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-sm text-slate-600">
              €
            </span>
          ) : null}
        </div>,
      );
    default:
      return labelled(<Input id={id} type="search" autoComplete="off" placeholder={t('customFields:filter.contains')} value={value} onChange={(e) => onChange(e.target.value)} />);
  }
}
