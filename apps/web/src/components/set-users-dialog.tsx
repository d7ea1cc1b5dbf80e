import { useState } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';
import { Spinner } from './ui/spinner.tsx';
import { UserMultiSelect, type UserMultiSelectLabels, type UserMultiSelectOption } from './user-multi-select.tsx';
import { useApiErrorMessage } from '../lib/use-api-error-message.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';

/** A user as the dialog lists them. */
export type SetUsersPerson = { id: number; firstname: string; lastname: string; active: boolean };

export type SetUsersTexts = Omit<UserMultiSelectLabels, 'selected'> & {
  title: string;
  description: string;
  /** The spinner's name while the users set now load. */
  loading: string;
  /** "3 users selected". */
  selected: (count: number) => string;
  /** The hint of a deactivated user. */
  inactive: string;
  save: string;
  /** The success toast. */
  saved: string;
};

type Props<U extends SetUsersPerson, P extends { data: SetUsersPerson[] }, K extends QueryKey, L extends QueryKey> = {
  texts: SetUsersTexts;
  /** Every user set now (all pages): the form starts from them, and saving sets the whole list. */
  current: UseQueryOptions<U[], Error, U[], K>;
  /** The users the search finds (one page). */
  candidates: (search: string) => UseQueryOptions<P, Error, P, L>;
  /** A further hint for a user (where they belong now…), or null. */
  hint?: (user: U | P['data'][number]) => string | null;
  /** Sets exactly these users; the dialog closes once done. */
  onSave: (userIds: number[]) => Promise<unknown>;
  onClose: () => void;
};

/**
 * "Set the users of X" (a group's members, a subsidiary's users): the users set now, ticked; the
 * search finds others to tick; saving sets the whole list.
 */
export function SetUsersDialog<U extends SetUsersPerson, P extends { data: SetUsersPerson[] }, K extends QueryKey, L extends QueryKey>(
  props: Props<U, P, K, L>,
) {
  const { texts, current, onClose } = props;
  const users = useQuery(current);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={texts.title} description={texts.description}>
      {/* Fresh users only: the form starts from them, and saving sets the whole list. */}
      {users.data && users.isFetchedAfterMount ? (
        <UsersForm {...props} initial={users.data} />
      ) : (
        <div className="flex justify-center py-8">
          <Spinner label={texts.loading} />
        </div>
      )}
    </Dialog>
  );
}

function UsersForm<U extends SetUsersPerson, P extends { data: SetUsersPerson[] }, K extends QueryKey, L extends QueryKey>({
  texts,
  candidates,
  hint,
  onSave,
  onClose,
  initial,
}: Props<U, P, K, L> & { initial: U[] }) {
  const { t } = useTranslation('common');
  const [value, setValue] = useState(() => initial.map((u) => u.id));
  const [search, setSearch] = useState('');
  const found = useQuery(candidates(useDebouncedValue(search.trim(), 300)));
  const [saving, setSaving] = useState(false);
  const errorMessage = useApiErrorMessage();
  const option = (u: U | P['data'][number]): UserMultiSelectOption => {
    const hints = [u.active ? null : texts.inactive, hint?.(u) ?? null].filter(Boolean);
    return { id: u.id, label: `${u.firstname} ${u.lastname}`.trim(), hint: hints.length ? hints.join(' · ') : undefined };
  };
  const submit = async () => {
    setSaving(true);
    try {
      await onSave(value);
      toast.success(texts.saved);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error));
      setSaving(false);
    }
  };
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <UserMultiSelect
        value={value}
        onChange={setValue}
        options={(found.data?.data ?? []).map(option)}
        known={initial.map(option)}
        search={search}
        onSearchChange={setSearch}
        pending={found.isPending}
        fetching={found.isFetching}
        labels={{ ...texts, selected: texts.selected(value.length) }}
      />
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onClose}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" disabled={saving}>
          {texts.save}
        </Button>
      </div>
    </form>
  );
}
