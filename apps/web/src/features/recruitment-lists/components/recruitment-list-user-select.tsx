import { useId, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TRecruitmentListUser } from '@embauche/contracts/recruitment-lists';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { errorCodes } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { cn } from '../../../lib/cn.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useRecruitmentListUsers } from '../api/get-recruitment-list-users.ts';
import { personName } from '../lib/recruitment-list-names.ts';

type Props = {
  value: number[];
  onChange: (ids: number[]) => void;
  /** People already shared with (editing): named even before the search answers. */
  known: TRecruitmentListUser[];
  error?: FieldError;
};

/**
 * Spec 2: the users to share a list with, as "firstname lastname" checkboxes, searched on the
 * server, with select all / unselect all over the users shown. Marked required (spec 5).
 */
export function RecruitmentListUserSelect({ value, onChange, known, error }: Props) {
  const { t } = useTranslation(['sourcing', 'errors']);
  const id = useId();
  const [search, setSearch] = useState('');
  const users = useRecruitmentListUsers(useDebouncedValue(search.trim(), 300));
  const shown = users.data?.data ?? [];
  const selected = new Set(value);
  const codes = errorCodes(error);
  const missingKnown = search.trim() ? [] : known.filter((user) => !shown.some((s) => s.id === user.id));
  const options = [...missingKnown, ...shown];

  const toggle = (userId: number, on: boolean) => onChange(on ? [...value, userId] : value.filter((v) => v !== userId));
  const selectAll = () => onChange([...new Set([...value, ...options.map((user) => user.id)])]);
  const unselectAll = () => {
    const ids = new Set(options.map((user) => user.id));
    onChange(value.filter((v) => !ids.has(v)));
  };

  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-invalid={codes.length > 0} aria-describedby={codes.length ? `${id}-error` : undefined}>
      <legend className={cn('mb-1 text-sm font-medium', codes.length ? 'text-red-700' : 'text-slate-800')}>
        {t('sourcing:lists.dialog.users')}
        <span aria-hidden="true" className="ml-0.5 text-red-600">
          *
        </span>
      </legend>
      <Input
        type="search"
        aria-label={t('sourcing:lists.dialog.users_search')}
        placeholder={t('sourcing:lists.dialog.users_search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={selectAll} disabled={options.length === 0}>
          {t('sourcing:lists.dialog.select_all')}
        </Button>
        <Button variant="outline" size="sm" onClick={unselectAll} disabled={value.length === 0}>
          {t('sourcing:lists.dialog.unselect_all')}
        </Button>
        <span className="text-xs text-slate-600" aria-live="polite">
          {t('sourcing:lists.dialog.users_selected', { count: value.length })}
        </span>
      </div>
      <ul className="max-h-48 overflow-y-auto rounded-lg border border-slate-200 p-1" aria-busy={users.isFetching}>
        {options.length === 0 && !users.isPending ? (
          <li className="px-2 py-1.5 text-sm text-slate-600">{t('sourcing:lists.dialog.users_empty')}</li>
        ) : null}
        {options.map((user) => (
          <li key={user.id}>
            <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50">
              <Checkbox checked={selected.has(user.id)} onChange={(event) => toggle(user.id, event.target.checked)} />
              <span className="min-w-0 break-words">{personName(user)}</span>
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
