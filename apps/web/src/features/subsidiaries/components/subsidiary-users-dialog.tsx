import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TSubsidiaryItem, TSubsidiaryUser } from '@embauche/contracts/subsidiaries';
import { UserMultiSelect, type UserMultiSelectOption } from '../../../components/user-multi-select.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useCompanyUsers } from '../api/get-company-users.ts';
import { useSubsidiaryUsers } from '../api/get-subsidiary-users.ts';
import { useSetSubsidiaryUsers } from '../api/set-subsidiary-users.ts';

type Props = { subsidiary: TSubsidiaryItem; onClose: () => void };

/**
 * The users attached to a subsidiary, ticked: the search finds others (with the subsidiary they
 * belong to now, which they leave once ticked here); saving sets the whole list.
 */
export function SubsidiaryUsersDialog({ subsidiary, onClose }: Props) {
  const { t } = useTranslation(['subsidiaries', 'common']);
  const users = useSubsidiaryUsers(subsidiary.id);
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('subsidiaries:users.title', { name: subsidiary.name })}
      description={t('subsidiaries:users.description')}
    >
      {users.data && users.isFetchedAfterMount ? (
        <UsersForm subsidiary={subsidiary} initial={users.data} onClose={onClose} />
      ) : (
        <div className="flex justify-center py-8">
          <Spinner label={t('subsidiaries:users.loading')} />
        </div>
      )}
    </Dialog>
  );
}

function UsersForm({ subsidiary, initial, onClose }: Props & { initial: TSubsidiaryUser[] }) {
  const { t } = useTranslation(['subsidiaries', 'common']);
  const [value, setValue] = useState(() => initial.map((u) => u.id));
  const [search, setSearch] = useState('');
  const users = useCompanyUsers(useDebouncedValue(search.trim(), 300));
  const save = useSetSubsidiaryUsers();
  const errorMessage = useApiErrorMessage();
  const option = (u: TSubsidiaryUser): UserMultiSelectOption => {
    const hints = [
      u.active ? null : t('subsidiaries:users.inactive'),
      u.subsidiary_id !== null && u.subsidiary_id !== subsidiary.id ? t('subsidiaries:users.elsewhere', { name: u.subsidiary_name }) : null,
    ].filter(Boolean);
    return { id: u.id, label: `${u.firstname} ${u.lastname}`.trim(), hint: hints.length ? hints.join(' · ') : undefined };
  };
  const submit = () =>
    save.mutate(
      { id: subsidiary.id, user_ids: value },
      {
        onSuccess: () => {
          toast.success(t('subsidiaries:users.saved', { name: subsidiary.name }));
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
          legend: t('subsidiaries:users.legend'),
          search: t('subsidiaries:users.search'),
          selectAll: t('subsidiaries:users.select_all'),
          unselectAll: t('subsidiaries:users.unselect_all'),
          selected: t('subsidiaries:users.selected', { count: value.length }),
          empty: t('subsidiaries:users.empty'),
        }}
      />
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onClose}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {t('subsidiaries:users.save')}
        </Button>
      </div>
    </form>
  );
}
