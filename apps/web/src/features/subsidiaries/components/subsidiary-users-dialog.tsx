import { useTranslation } from 'react-i18next';
import type { TSubsidiaryItem } from '@embauche/contracts/subsidiaries';
import { SetUsersDialog } from '../../../components/set-users-dialog.tsx';
import { companyUsersQueryOptions } from '../api/get-company-users.ts';
import { subsidiaryUsersQueryOptions } from '../api/get-subsidiary-users.ts';
import { useSetSubsidiaryUsers } from '../api/set-subsidiary-users.ts';

type Props = { subsidiary: TSubsidiaryItem; onClose: () => void };

/**
 * The users attached to a subsidiary, ticked (the shared "set the users of X" dialog): the search
 * finds others, with the subsidiary they belong to now, which they leave once ticked here.
 */
export function SubsidiaryUsersDialog({ subsidiary, onClose }: Props) {
  const { t } = useTranslation('subsidiaries');
  const save = useSetSubsidiaryUsers();
  return (
    <SetUsersDialog
      texts={{
        title: t('subsidiaries:users.title', { name: subsidiary.name }),
        description: t('subsidiaries:users.description'),
        loading: t('subsidiaries:users.loading'),
        legend: t('subsidiaries:users.legend'),
        search: t('subsidiaries:users.search'),
        selectAll: t('subsidiaries:users.select_all'),
        unselectAll: t('subsidiaries:users.unselect_all'),
        selected: (count) => t('subsidiaries:users.selected', { count }),
        empty: t('subsidiaries:users.empty'),
        inactive: t('subsidiaries:users.inactive'),
        save: t('subsidiaries:users.save'),
        saved: t('subsidiaries:users.saved', { name: subsidiary.name }),
      }}
      current={subsidiaryUsersQueryOptions(subsidiary.id)}
      candidates={companyUsersQueryOptions}
      hint={(u) =>
        u.subsidiary_id !== null && u.subsidiary_id !== subsidiary.id ? t('subsidiaries:users.elsewhere', { name: u.subsidiary_name }) : null
      }
      onSave={(user_ids) => save.mutateAsync({ id: subsidiary.id, user_ids })}
      onClose={onClose}
    />
  );
}
