import { useState } from 'react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { ChoiceDialog } from '../../../components/choice-dialog.tsx';
import { RECRUITMENT_LIST_APPLICANTS_MAX } from '@embauche/contracts/recruitment-lists';
import type { ApplicantRef, ApplicantSelectionTarget } from '../../../lib/applicant-action-slot.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useAddToRecruitmentList } from '../api/add-to-recruitment-list.ts';
import { useAddableLists } from '../api/get-addable-lists.ts';

type Props = {
  applicants: ApplicantRef[];
  /** "All that match" of the search (issue 42 part 2), instead of `applicants`. */
  all?: ApplicantSelectionTarget | undefined;
  onClose: (done: boolean) => void;
};

/**
 * "Add to a list": the lists the user may add to (their own, the collaborative ones shared with
 * them), one to choose. With `all`, every applicant the search matches, counted before confirming;
 * a count that changed meanwhile (409) is said and confirmed with the next click.
 */
export function AddToListDialog({ applicants, all, onClose }: Props) {
  const { t } = useTranslation('sourcing');
  const [search, setSearch] = useState('');
  const lists = useAddableLists(useDebouncedValue(search, 300));
  const add = useAddToRecruitmentList();
  const errorMessage = useApiErrorMessage();
  // "All that match": the count the server confirmed last (a 409 gives the current one).
  const [allCount, setAllCount] = useState(all?.count ?? 0);
  const [changed, setChanged] = useState<string | null>(null);
  const count = all ? allCount : applicants.length;
  const single = !all && count === 1 ? applicants[0] : undefined;
  const description = all
    ? (changed ??
      (allCount > RECRUITMENT_LIST_APPLICANTS_MAX
        ? t('sourcing:search.add_dialog.too_many', { count: allCount, max: RECRUITMENT_LIST_APPLICANTS_MAX })
        : t('sourcing:search.add_dialog.description_all', { count: allCount })))
    : single
      ? t('sourcing:search.add_dialog.description_named', { name: single.name })
      : t('sourcing:search.add_dialog.description', { count });
  return (
    <ChoiceDialog
      open
      onClose={() => onClose(false)}
      title={t('sourcing:search.add_dialog.title')}
      description={description}
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
      // Over the list route's cap (500 at once): the description says so, nothing is sent.
      blocked={all !== undefined && allCount > RECRUITMENT_LIST_APPLICANTS_MAX}
      onSubmit={(choice) =>
        add.mutate(
          all
            ? { listId: choice.id, selection: { all: { ...all.applicantSelection.all, count: allCount } } }
            : { listId: choice.id, applicantIds: applicants.map((a) => a.id) },
          {
            onSuccess: () => {
              toast.success(
                single
                  ? t('sourcing:search.add_dialog.added', { name: single.name, list: choice.label })
                  : t('sourcing:search.add_dialog.added_many', { count, list: choice.label }),
              );
              onClose(true);
            },
            onError: (error) => {
              const recount = isApiError(error) && error.code === 'selection_changed' ? Number(error.errors?.count?.[0]) : NaN;
              if (Number.isFinite(recount)) {
                setAllCount(recount);
                setChanged(t('sourcing:search.add_dialog.selection_changed', { count: recount }));
              } else toast.error(errorMessage(error));
            },
          },
        )
      }
    />
  );
}
