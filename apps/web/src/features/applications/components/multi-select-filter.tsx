import { useId } from 'react';
import { Popover } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';

export type FilterOption = { value: string; label: string };

type Props = {
  label: string;
  options: FilterOption[];
  /** Spec 5: the values stay strings. */
  value: string[] | null;
  onChange: (value: string[] | null) => void;
  /** Badges shown before "+N" (spec 5: 2). */
  visible?: number;
  /** What an empty choice means (default: all). */
  placeholder?: string;
  /**
   * A text box above the choices, for lists too long to show whole (the caller loads the choices
   * matching `value`, and keeps the chosen ones among the options so that their names show).
   */
  search?: { value: string; onChange: (value: string) => void; label: string };
};

/** A multi-select filter: a button with the first choices as badges then +N, opening a list of checkboxes. */
export function MultiSelectFilter({ label, options, value, onChange, visible = 2, placeholder, search }: Props) {
  const { t } = useTranslation('application');
  const id = useId();
  const selected = value ?? [];
  const chosen = selected.map((v) => options.find((o) => o.value === v)?.label ?? v);
  const toggle = (option: string, on: boolean) => {
    const next = on ? [...selected, option] : selected.filter((v) => v !== option);
    onChange(next.length ? next : null);
  };
  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium text-slate-800">
        {label}
      </span>
      <Popover.Root>
        <Popover.Trigger asChild>
          <button
            type="button"
            aria-labelledby={`${id}-label ${id}-value`}
            className="flex h-10 min-w-44 items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 text-left text-sm text-slate-900 shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <span id={`${id}-value`} className="flex min-w-0 items-center gap-1">
              {chosen.length === 0 ? <span className="text-slate-600">{placeholder ?? t('application:filters.all')}</span> : null}
              {chosen.slice(0, visible).map((name) => (
                <Badge key={name} tone="info" className="max-w-28 truncate">
                  {name}
                </Badge>
              ))}
              {chosen.length > visible ? <Badge>{t('application:filters.more_count', { count: chosen.length - visible })}</Badge> : null}
            </span>
            <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-slate-600" />
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content align="start" sideOffset={6} className="z-50 max-h-80 w-64 overflow-y-auto rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
            {search ? (
              <Input
                type="search"
                value={search.value}
                onChange={(e) => search.onChange(e.target.value)}
                aria-label={search.label}
                placeholder={search.label}
                className="mb-2 h-9"
              />
            ) : null}
            <fieldset>
              <legend className="sr-only">{label}</legend>
              {options.length === 0 ? <p className="px-2 py-1.5 text-sm text-slate-600">{t('application:filters.no_choice')}</p> : null}
              {options.map((option) => (
                <label key={option.value} className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50">
                  <Checkbox checked={selected.includes(option.value)} onChange={(e) => toggle(option.value, e.target.checked)} />
                  {option.label}
                </label>
              ))}
            </fieldset>
            {selected.length ? (
              <Button variant="ghost" size="sm" className="mt-1 w-full" onClick={() => onChange(null)}>
                {t('application:filters.clear_choice')}
              </Button>
            ) : null}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
