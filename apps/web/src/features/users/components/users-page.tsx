import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, Upload, UsersRound } from 'lucide-react';
import type { TUser } from '@embauche/contracts/users';
import { PageIntro } from '../../../components/page-intro.tsx';
import { PagedListStates } from '../../../components/paged-list-states.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useUserChoices } from '../api/get-user-choices.ts';
import { useUsers } from '../api/get-users.ts';
import { useUsersParams } from '../hooks/use-users-params.ts';
import { UserActivationDialog } from './user-activation-dialog.tsx';
import { UserDialog } from './user-dialog.tsx';
import { UsersExportMenu } from './users-export-menu.tsx';
import { UsersFilters } from './users-filters.tsx';
import { UsersImportDialog } from './users-import-dialog.tsx';
import { UsersList } from './users-list.tsx';
import { useRowSelection } from '../../../lib/use-row-selection.ts';
import { useSelectAll } from '../../../lib/use-select-all.ts';
import { userSelectionFilters } from '../api/set-selection-active.ts';
import { UsersBatchActivationDialog } from './users-batch-activation-dialog.tsx';
import { UsersBatchBar } from './users-batch-bar.tsx';

type Editing = { mode: 'create' } | { mode: 'edit'; user: TUser } | null;

/** Config page `users/list` (`internal.users_list`): the company's users, filtered, sorted and paged. */
export function UsersPage({ meId }: { meId: number }) {
  const { t } = useTranslation(['users', 'common']);
  const state = useUsersParams();
  const users = useUsers(state.filter, state.page);
  const choices = useUserChoices();
  const [editing, setEditing] = useState<Editing>(null);
  const [toggling, setToggling] = useState<TUser | null>(null);
  const [importing, setImporting] = useState(false);
  // The ticked rows, and "select all N that match" (issue 42 part 2); both start again when the filters change.
  const { sort, ...scope } = state.filter;
  void sort;
  const selection = useRowSelection<TUser>(scope);
  const selectAll = useSelectAll(scope, users.data?.total);
  const [batch, setBatch] = useState<boolean | null>(null);
  const pageRows = users.data?.data ?? [];
  const ticked = selectAll.all ? new Set(pageRows.map((u) => u.id).filter(selectAll.isSelected)) : selection.ids;
  const tick = (rows: TUser[], on: boolean) => (selectAll.all ? selectAll.toggle(rows.map((r) => r.id), on) : selection.select(rows, on));
  const clearSelection = () => {
    selection.clear();
    selectAll.clear();
  };
  const all = selectAll.all
    ? { selection: selectAll.selection({ filters: userSelectionFilters(state.filter) }), count: selectAll.count, onRecount: selectAll.recount }
    : undefined;
  return (
    <div className="flex flex-col gap-4 p-4 sm:p-6">
      <PageIntro
        actions={
          <>
            <UsersExportMenu filter={state.filter} />
            <Button variant="outline" onClick={() => setImporting(true)}>
              <Upload aria-hidden="true" />
              {t('users:import.button')}
            </Button>
            <Button onClick={() => setEditing({ mode: 'create' })}>
              <Plus aria-hidden="true" />
              {t('users:add')}
            </Button>
          </>
        }
      >
        {t('users:intro')}
      </PageIntro>
      <UsersFilters state={state} choices={choices.data} />
      {selection.size || selectAll.all ? (
        <UsersBatchBar
          count={selection.size}
          selectAll={{ active: selectAll.all, count: selectAll.count, matching: selectAll.matching, onSelectAll: () => (selection.clear(), selectAll.selectAll()) }}
          onActivate={setBatch}
          exportMenu={<UsersExportMenu filter={state.filter} selection={selectAll.all ? { except: selectAll.except } : { ids: [...selection.ids] }} />}
          onClear={clearSelection}
        />
      ) : null}
      <PagedListStates
        query={users}
        error={t('users:error')}
        retry={t('users:retry')}
        empty={{
          icon: UsersRound,
          title: state.active ? t('users:empty_filtered') : t('users:empty'),
        }}
        total={(count) => t('users:total', { count })}
        onPage={state.setPage}
      >
        {(rows) => (
          <UsersList
            users={rows}
            meId={meId}
            onEdit={(user) => setEditing({ mode: 'edit', user })}
            onToggleActive={setToggling}
            selected={ticked}
            onSelect={tick}
          />
        )}
      </PagedListStates>
      {editing ? (
        <UserDialog
          key={editing.mode === 'edit' ? editing.user.id : 'new'}
          user={editing.mode === 'edit' ? editing.user : undefined}
          choices={choices.data}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {toggling ? <UserActivationDialog user={toggling} onClose={() => setToggling(null)} /> : null}
      {batch !== null ? (
        <UsersBatchActivationDialog
          active={batch}
          users={selection.rows}
          meId={meId}
          all={all}
          onClose={(changed) => {
            setBatch(null);
            if (changed) clearSelection();
          }}
        />
      ) : null}
      {importing ? <UsersImportDialog onClose={() => setImporting(false)} /> : null}
    </div>
  );
}
