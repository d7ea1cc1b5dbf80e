import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, UsersRound } from 'lucide-react';
import { GROUP_SORT_VALUES, type TGroup, type TGroupSort } from '@embauche/contracts/groups';
import { PageIntro } from '../../../components/page-intro.tsx';
import { PagedListStates } from '../../../components/paged-list-states.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useGroups } from '../api/get-groups.ts';
import { useGroupsParams } from '../hooks/use-groups-params.ts';
import { GroupDeleteDialog } from './group-delete-dialog.tsx';
import { GroupDialog } from './group-dialog.tsx';
import { GroupMembersDialog } from './group-members-dialog.tsx';
import { GroupsList } from './groups-list.tsx';

type Open = { kind: 'create' } | { kind: 'rename' | 'members' | 'delete'; group: TGroup } | null;

/** Config page `users/groups` (`internal.users_groups`): the company's groups, searched, sorted and paged. */
export function GroupsPage() {
  const { t } = useTranslation(['groups', 'common']);
  const id = useId();
  const state = useGroupsParams();
  const groups = useGroups(state.filter, state.page);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <div className="flex flex-col gap-4 p-4 sm:p-6">
      <PageIntro
        actions={
          <Button onClick={() => setOpen({ kind: 'create' })}>
            <Plus aria-hidden="true" />
            {t('groups:add')}
          </Button>
        }
      >
        {t('groups:intro')}
      </PageIntro>
      <div
        role="search"
        aria-label={t('groups:filters.label')}
        className="grid gap-3 sm:grid-cols-2"
      >
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-q`} className="text-sm font-medium text-slate-800">
            {t('groups:filters.search')}
          </label>
          <Input
            id={`${id}-q`}
            type="search"
            value={state.params.q ?? ''}
            placeholder={t('groups:filters.search_placeholder')}
            onChange={(e) => state.set({ q: e.target.value || null })}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-sort`} className="text-sm font-medium text-slate-800">
            {t('groups:filters.sort')}
          </label>
          <Select
            id={`${id}-sort`}
            value={state.params.sort}
            onChange={(e) => state.set({ sort: e.target.value as TGroupSort })}
          >
            {GROUP_SORT_VALUES.map((sort) => (
              <option key={sort} value={sort}>
                {t(`groups:filters.sorts.${sort}`)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <PagedListStates
        query={groups}
        error={t('groups:error')}
        retry={t('groups:retry')}
        empty={{
          icon: UsersRound,
          title: state.searching ? t('groups:empty_filtered') : t('groups:empty'),
        }}
        total={(count) => t('groups:total', { count })}
        onPage={state.setPage}
      >
        {(rows) => (
          <GroupsList
            groups={rows}
            onMembers={(group) => setOpen({ kind: 'members', group })}
            onRename={(group) => setOpen({ kind: 'rename', group })}
            onDelete={(group) => setOpen({ kind: 'delete', group })}
          />
        )}
      </PagedListStates>
      {open?.kind === 'create' ? <GroupDialog onClose={close} /> : null}
      {open?.kind === 'rename' ? (
        <GroupDialog key={open.group.id} group={open.group} onClose={close} />
      ) : null}
      {open?.kind === 'members' ? (
        <GroupMembersDialog key={open.group.id} group={open.group} onClose={close} />
      ) : null}
      {open?.kind === 'delete' ? <GroupDeleteDialog group={open.group} onClose={close} /> : null}
    </div>
  );
}
