import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TGroup, TGroupUser } from '@embauche/contracts/groups';
import { UserMultiSelect, type UserMultiSelectOption } from '../../../components/user-multi-select.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useGroupMembers } from '../api/get-group-members.ts';
import { useGroupUsers } from '../api/get-group-users.ts';
import { useSetGroupMembers } from '../api/set-group-members.ts';

type Props = { group: TGroup; onClose: () => void };

/** The group's members as ticked users: the search finds others to tick; saving sets the whole list. */
export function GroupMembersDialog({ group, onClose }: Props) {
  const { t } = useTranslation(['groups', 'common']);
  const members = useGroupMembers(group.id);
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('groups:members.title', { name: group.name })}
      description={t('groups:members.description')}
    >
      {/* Fresh members only: the form starts from them, and saving sets the whole list. */}
      {members.data && members.isFetchedAfterMount ? (
        <MembersForm group={group} initial={members.data} onClose={onClose} />
      ) : (
        <div className="flex justify-center py-8">
          <Spinner label={t('groups:members.loading')} />
        </div>
      )}
    </Dialog>
  );
}

function MembersForm({ group, initial, onClose }: Props & { initial: TGroupUser[] }) {
  const { t } = useTranslation(['groups', 'common']);
  const [value, setValue] = useState(() => initial.map((m) => m.id));
  const [search, setSearch] = useState('');
  const users = useGroupUsers(useDebouncedValue(search.trim(), 300));
  const save = useSetGroupMembers();
  const errorMessage = useApiErrorMessage();
  const option = (u: TGroupUser): UserMultiSelectOption => ({
    id: u.id,
    label: `${u.firstname} ${u.lastname}`.trim(),
    hint: u.active ? undefined : t('groups:members.inactive'),
  });
  const submit = () =>
    save.mutate(
      { id: group.id, user_ids: value },
      {
        onSuccess: () => {
          toast.success(t('groups:members.saved', { name: group.name }));
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <UserMultiSelect
        value={value}
        onChange={setValue}
        options={(users.data?.data ?? []).map(option)}
        known={initial.map(option)}
        search={search}
        onSearchChange={setSearch}
        pending={users.isPending}
        fetching={users.isFetching}
        labels={{
          legend: t('groups:members.legend'),
          search: t('groups:members.search'),
          selectAll: t('groups:members.select_all'),
          unselectAll: t('groups:members.unselect_all'),
          selected: t('groups:members.selected', { count: value.length }),
          empty: t('groups:members.empty'),
        }}
      />
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onClose}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {t('groups:members.save')}
        </Button>
      </div>
    </form>
  );
}
