import { useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TRecruitmentListUser } from '@embauche/contracts/recruitment-lists';
import { UserMultiSelect } from '../../../components/user-multi-select.tsx';
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

const option = (user: TRecruitmentListUser) => ({ id: user.id, label: personName(user) });

/**
 * Spec 2: the users to share a list with, as "firstname lastname" checkboxes, searched on the
 * server, with select all / unselect all over the users shown. Marked required (spec 5).
 */
export function RecruitmentListUserSelect({ value, onChange, known, error }: Props) {
  const { t } = useTranslation(['sourcing', 'errors']);
  const [search, setSearch] = useState('');
  const users = useRecruitmentListUsers(useDebouncedValue(search.trim(), 300));
  return (
    <UserMultiSelect
      value={value}
      onChange={onChange}
      options={(users.data?.data ?? []).map(option)}
      known={known.map(option)}
      search={search}
      onSearchChange={setSearch}
      pending={users.isPending}
      fetching={users.isFetching}
      required
      error={error}
      labels={{
        legend: t('sourcing:lists.dialog.users'),
        search: t('sourcing:lists.dialog.users_search'),
        selectAll: t('sourcing:lists.dialog.select_all'),
        unselectAll: t('sourcing:lists.dialog.unselect_all'),
        selected: t('sourcing:lists.dialog.users_selected', { count: value.length }),
        empty: t('sourcing:lists.dialog.users_empty'),
      }}
    />
  );
}
