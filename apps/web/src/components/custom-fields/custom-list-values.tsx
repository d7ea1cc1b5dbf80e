import { useTranslation } from 'react-i18next';
import type { TCustomField, TCustomFieldValues } from '@embauche/contracts/custom-fields';
import { cn } from '../../lib/cn.ts';
import { useCustomValueText } from './custom-field-inputs.tsx';

type Props = {
  fields: readonly TCustomField[];
  values: TCustomFieldValues | undefined;
  className?: string;
};

/**
 * The custom values a list row or card shows, "Label: value" each (amounts in euros, dates in the
 * user's language, yes/no in words, choices by their label); fields without a value are left out.
 */
export function CustomListValues({ fields, values, className }: Props) {
  const { t } = useTranslation('customFields');
  const text = useCustomValueText();
  const shown = fields.flatMap((field) => {
    const value = text(field, values?.[String(field.id)]);
    return value === null || value === '' ? [] : [{ field, value }];
  });
  if (!shown.length) return null;
  return (
    <dl className={cn('flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-600', className)}>
      {shown.map(({ field, value }) => (
        <div key={field.id} className="flex min-w-0 gap-1">
          <dt className="shrink-0">{t('customFields:values.term', { label: field.label })}</dt>
          <dd className={cn('min-w-0 break-words font-medium text-slate-800', field.type === 'long_text' && 'line-clamp-2')}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
