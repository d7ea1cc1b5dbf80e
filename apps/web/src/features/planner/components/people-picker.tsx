import { useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TPlannerPerson } from '@embauche/contracts/planner';
import { UserMultiSelect } from '../../../components/user-multi-select.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { usePlannerUsers } from '../api/search-planner-users.ts';
import { personName } from '../lib/appointment-form.ts';

type Props = {
  legend: string;
  value: TPlannerPerson[];
  onChange: (people: TPlannerPerson[]) => void;
  required?: boolean;
  error?: FieldError | undefined;
};

/** The company's users as checkboxes, searched on the server (interviewers, colleagues shown). */
export function PeoplePicker({ legend, value, onChange, required, error }: Props) {
  const { t } = useTranslation('planner');
  const [search, setSearch] = useState('');
  const users = usePlannerUsers(useDebouncedValue(search, 250));
  const found = users.data ?? [];
  const byId = new Map([...value, ...found].map((p) => [p.id, p]));
  const option = (p: TPlannerPerson) => ({ id: p.id, label: personName(p) });
  return (
    <UserMultiSelect
      value={value.map((p) => p.id)}
      onChange={(ids) =>
        onChange(ids.map((id) => byId.get(id)).filter((p): p is TPlannerPerson => p !== undefined))
      }
      options={found.map(option)}
      known={value.map(option)}
      search={search}
      onSearchChange={setSearch}
      pending={users.isPending}
      fetching={users.isFetching}
      required={required}
      error={error}
      labels={{
        legend,
        search: t('planner:people.search'),
        selectAll: t('planner:people.select_all'),
        unselectAll: t('planner:people.unselect_all'),
        selected: t('planner:people.selected', { count: value.length }),
        empty: t('planner:people.empty'),
      }}
    />
  );
}
