import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/ui/checkbox.tsx';

export type FacetOption = { value: string; label: string; count: number };

type Props = {
  legend: string;
  options: FacetOption[];
  value: string[] | null;
  onChange: (value: string[] | null) => void;
};

/** One facet: checkboxes with the number of matching applicants; several ticked values are alternatives. */
export function FacetGroup({ legend, options, value, onChange }: Props) {
  const { t } = useTranslation('sourcing');
  const selected = value ?? [];
  // A ticked value the answer no longer counts stays visible (at 0) so that it can be unticked.
  const shown = [...options, ...selected.filter((v) => !options.some((o) => o.value === v)).map((v) => ({ value: v, label: v, count: 0 }))];
  const toggle = (option: string, on: boolean) => {
    const next = on ? [...selected, option] : selected.filter((v) => v !== option);
    onChange(next.length ? next : null);
  };
  return (
    <fieldset className="flex min-w-0 flex-col gap-1 border-t border-slate-200 pt-3">
      <legend className="mb-1 text-sm font-semibold text-slate-900">{legend}</legend>
      {shown.length === 0 ? <p className="text-sm text-slate-600">{t('sourcing:search.no_facet')}</p> : null}
      <div className="flex max-h-64 flex-col gap-0.5 overflow-y-auto pr-1">
        {shown.map((option) => (
          <label key={option.value} className="flex min-w-0 cursor-pointer items-center gap-2 rounded-md px-1 py-1 text-sm text-slate-800 hover:bg-slate-50">
            <Checkbox checked={selected.includes(option.value)} onChange={(e) => toggle(option.value, e.target.checked)} />
            <span className="min-w-0 flex-1 truncate">{option.label}</span>
            {' '}
            <span className="shrink-0 tabular-nums text-slate-600">({option.count})</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
