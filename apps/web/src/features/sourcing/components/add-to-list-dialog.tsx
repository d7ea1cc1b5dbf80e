import { useState } from 'react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { ChoiceDialog } from '../../../components/choice-dialog.tsx';
import type { ApplicantRef } from '../../../lib/applicant-action-slot.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useAddToRecruitmentList } from '../api/add-to-recruitment-list.ts';
import { useAddableLists } from '../api/get-addable-lists.ts';

type Props = { applicants: ApplicantRef[]; onClose: (done: boolean) => void };

/** "Add to a list": the lists the user may add to (their own, the collaborative ones shared with them), one to choose. */
export function AddToListDialog({ applicants, onClose }: Props) {
  const { t } = useTranslation('sourcing');
  const [search, setSearch] = useState('');
  const lists = useAddableLists(useDebouncedValue(search, 300));
  const add = useAddToRecruitmentList();
  const errorMessage = useApiErrorMessage();
  const count = applicants.length;
  const single = count === 1 ? applicants[0] : undefined;
  return (
    <ChoiceDialog
      open
      onClose={() => onClose(false)}
      title={t('sourcing:search.add_dialog.title')}
      description={single ? t('sourcing:search.add_dialog.description_named', { name: single.name }) : t('sourcing:search.add_dialog.description', { count })}
      searchLabel={t('sourcing:search.add_dialog.search')}
      search={search}
      onSearch={setSearch}
      legend={t('sourcing:search.add_dialog.lists')}
      choices={(lists.data?.data ?? []).map((list) => ({ id: list.id, label: list.name, hint: t('sourcing:search.add_dialog.count', { count: list.applicant_amount }) }))}
      loading={lists.isPending}
      error={lists.isError ? errorMessage(lists.error) : null}
      none={t('sourcing:search.add_dialog.none')}
      submitLabel={t('sourcing:search.add_dialog.add')}
      submitting={add.isPending}
      onSubmit={(choice) =>
        add.mutate(
          { listId: choice.id, applicantIds: applicants.map((a) => a.id) },
          {
            onSuccess: () => {
              toast.success(
                single
                  ? t('sourcing:search.add_dialog.added', { name: single.name, list: choice.label })
                  : t('sourcing:search.add_dialog.added_many', { count, list: choice.label }),
              );
              onClose(true);
            },
            onError: (error) => toast.error(errorMessage(error)),
          },
        )
      }
    />
  );
}
