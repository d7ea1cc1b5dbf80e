import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_SORT_VALUES, type TUserChoices, type TUserSort } from '@embauche/contracts/users';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import type { useUsersParams } from '../hooks/use-users-params.ts';

type Props = { state: ReturnType<typeof useUsersParams>; choices: TUserChoices | undefined };

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

/** Name or e-mail, role, group, subsidiary, active or not, and the sort; all kept in the URL. */
export function UsersFilters({ state, choices }: Props) {
  const { t } = useTranslation('users');
  const id = useId();
  const { params, set, reset, active } = state;
  const pick = (key: 'role' | 'group' | 'subsidiary', label: string, all: string, options: { id: number; name: string }[]) => (
    <Labelled id={`${id}-${key}`} label={label}>
      {/* A long name that the column cuts can still be read on hover. */}
      <Select
        id={`${id}-${key}`}
        value={params[key] ?? ''}
        title={options.find((option) => String(option.id) === params[key])?.name ?? all}
        onChange={(e) => set({ [key]: e.target.value || null })}
      >
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.id} value={String(option.id)}>
            {option.name}
          </option>
        ))}
      </Select>
    </Labelled>
  );
  return (
    <div role="search" aria-label={t('users:filters.label')} className="flex flex-col gap-3">
      {/* Each filter at least wide enough for its longest usual label ("Alle Tochtergesellschaften"). */}
      <div className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,15rem),1fr))] gap-3">
        <Labelled id={`${id}-q`} label={t('users:filters.search')}>
          <Input
            id={`${id}-q`}
            type="search"
            value={params.q ?? ''}
            placeholder={t('users:filters.search_placeholder')}
            onChange={(e) => set({ q: e.target.value || null })}
          />
        </Labelled>
        {pick('role', t('users:filters.role'), t('users:filters.all_roles'), choices?.roles ?? [])}
        {pick('group', t('users:filters.group'), t('users:filters.all_groups'), choices?.groups ?? [])}
        {choices?.subsidiaries.length
          ? pick('subsidiary', t('users:filters.subsidiary'), t('users:filters.all_subsidiaries'), choices.subsidiaries)
          : null}
        <Labelled id={`${id}-active`} label={t('users:filters.status')}>
          <Select
            id={`${id}-active`}
            value={params.active ?? ''}
            onChange={(e) => set({ active: (e.target.value || null) as typeof params.active })}
          >
            <option value="">{t('users:filters.all_statuses')}</option>
            <option value="1">{t('users:filters.active')}</option>
            <option value="0">{t('users:filters.inactive')}</option>
          </Select>
        </Labelled>
        <Labelled id={`${id}-sort`} label={t('users:filters.sort')}>
          <Select id={`${id}-sort`} value={params.sort} onChange={(e) => set({ sort: e.target.value as TUserSort })}>
            {USER_SORT_VALUES.map((sort) => (
              <option key={sort} value={sort}>
                {t(`users:sort.${sort.startsWith('-') ? `${sort.slice(1)}_desc` : `${sort}_asc`}`)}
              </option>
            ))}
          </Select>
        </Labelled>
      </div>
      {active ? (
        <div>
          <Button variant="ghost" size="sm" onClick={reset}>
            {t('users:filters.reset')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
