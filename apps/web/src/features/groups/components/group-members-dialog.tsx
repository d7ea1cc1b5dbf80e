import { useTranslation } from 'react-i18next';
import type { TGroup } from '@embauche/contracts/groups';
import { SetUsersDialog } from '../../../components/set-users-dialog.tsx';
import { groupMembersQueryOptions } from '../api/get-group-members.ts';
import { groupUsersQueryOptions } from '../api/get-group-users.ts';
import { useSetGroupMembers } from '../api/set-group-members.ts';

type Props = { group: TGroup; onClose: () => void };

/** The group's members as ticked users (the shared "set the users of X" dialog). */
export function GroupMembersDialog({ group, onClose }: Props) {
  const { t } = useTranslation('groups');
  const save = useSetGroupMembers();
  return (
    <SetUsersDialog
      texts={{
        title: t('groups:members.title', { name: group.name }),
        description: t('groups:members.description'),
        loading: t('groups:members.loading'),
        legend: t('groups:members.legend'),
        search: t('groups:members.search'),
        selectAll: t('groups:members.select_all'),
        unselectAll: t('groups:members.unselect_all'),
        selected: (count) => t('groups:members.selected', { count }),
        empty: t('groups:members.empty'),
        inactive: t('groups:members.inactive'),
        save: t('groups:members.save'),
        saved: t('groups:members.saved', { name: group.name }),
      }}
      current={groupMembersQueryOptions(group.id)}
      candidates={groupUsersQueryOptions}
      onSave={(user_ids) => save.mutateAsync({ id: group.id, user_ids })}
      onClose={onClose}
    />
  );
}
