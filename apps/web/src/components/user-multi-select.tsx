import { useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button.tsx';
import { Checkbox } from './ui/checkbox.tsx';
import { errorCodes } from './ui/form-field.tsx';
import { Input } from './ui/input.tsx';
import { translateErrorCode } from '../lib/error-message.ts';
import { cn } from '../lib/cn.ts';

export type UserMultiSelectOption = { id: number; label: string; hint?: string };

export type UserMultiSelectLabels = {
  legend: string;
  search: string;
  selectAll: string;
  unselectAll: string;
  /** "3 people selected", for the live count. */
  selected: string;
  empty: string;
};

type Props = {
  value: number[];
  onChange: (ids: number[]) => void;
  /** The users the search found (the caller asks the server). */
  options: UserMultiSelectOption[];
  /** Users already chosen: listed above the others while no search is typed. */
  known?: UserMultiSelectOption[];
  search: string;
  onSearchChange: (search: string) => void;
  /** The first answer has not come yet. */
  pending?: boolean;
  /** A search is on its way (the list is busy). */
  fetching?: boolean;
  labels: UserMultiSelectLabels;
  required?: boolean;
  error?: FieldError;
};

/**
 * Users picked as checkboxes, searched on the server, with select all / unselect all over the users
 * shown (recruitment lists' sharing, groups' members). Keyboard: the search, the two buttons, then
 * each checkbox, each named by the person.
 */
export function UserMultiSelect({
  value,
  onChange,
  options: found,
  known = [],
  search,
  onSearchChange,
  pending = false,
  fetching = false,
  labels,
  required = false,
  error,
}: Props) {
  const { t } = useTranslation('errors');
  const id = useId();
  const selected = new Set(value);
  const codes = errorCodes(error);
  const missingKnown = search.trim() ? [] : known.filter((user) => !found.some((s) => s.id === user.id));
  const options = [...missingKnown, ...found];

  const toggle = (userId: number, on: boolean) => onChange(on ? [...value, userId] : value.filter((v) => v !== userId));
  const selectAll = () => onChange([...new Set([...value, ...options.map((user) => user.id)])]);
  const unselectAll = () => {
    const ids = new Set(options.map((user) => user.id));
    onChange(value.filter((v) => !ids.has(v)));
  };

  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-invalid={codes.length > 0} aria-describedby={codes.length ? `${id}-error` : undefined}>
      <legend className={cn('mb-1 text-sm font-medium', codes.length ? 'text-red-700' : 'text-slate-800')}>
        {labels.legend}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        ) : null}
      </legend>
      <Input type="search" aria-label={labels.search} placeholder={labels.search} value={search} onChange={(event) => onSearchChange(event.target.value)} />
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={selectAll} disabled={options.length === 0}>
          {labels.selectAll}
        </Button>
        <Button variant="outline" size="sm" onClick={unselectAll} disabled={value.length === 0}>
          {labels.unselectAll}
        </Button>
        <span className="text-xs text-slate-600" aria-live="polite">
          {labels.selected}
        </span>
      </div>
      <ul className="max-h-48 overflow-y-auto rounded-lg border border-slate-200 p-1" aria-busy={fetching}>
        {options.length === 0 && !pending ? <li className="px-2 py-1.5 text-sm text-slate-600">{labels.empty}</li> : null}
        {options.map((user) => (
          <li key={user.id}>
            <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50">
              <Checkbox checked={selected.has(user.id)} onChange={(event) => toggle(user.id, event.target.checked)} />
              <span className="min-w-0 break-words">
                {user.label}
                {user.hint ? (
                  <>
                    {' '}
                    <span className="text-xs text-slate-600">{user.hint}</span>
                  </>
                ) : null}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {codes.length ? (
        <div id={`${id}-error`} className="flex flex-col gap-0.5 text-sm text-red-700">
          {codes.map((code) => (
            <p key={code}>{translateErrorCode(t, code)}</p>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
