import { useState } from 'react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { APPLICANT_BULK_MAX } from '@embauche/contracts/applicant-selection';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import { ChoiceDialog } from '../../../components/choice-dialog.tsx';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import type { ApplicantRef, ApplicantSelectionTarget } from '../../../lib/applicant-action-slot.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useAddToRecruitmentList } from '../api/add-to-recruitment-list.ts';
import { useAddableLists } from '../api/get-addable-lists.ts';
import { AddToListResult } from './add-to-list-result.tsx';

type Props = {
  applicants: ApplicantRef[];
  /** "All that match" of the search (issue 42 part 2), instead of `applicants`. */
  all?: ApplicantSelectionTarget | undefined;
  onClose: (done: boolean) => void;
};

/**
 * "Add to a list": the lists the user may add to (their own, the collaborative ones shared with
 * them), one to choose. With `all`, every applicant the search matches, counted before confirming;
 * a count that changed meanwhile (409) is said and confirmed with the next click; the dialog then
 * shows the addition's progress (a job above 200) and what was added and skipped.
 */
export function AddToListDialog({ applicants, all, onClose }: Props) {
  const { t, i18n } = useTranslation(['sourcing', 'common']);
  const [search, setSearch] = useState('');
  const lists = useAddableLists(useDebouncedValue(search, 300));
  const add = useAddToRecruitmentList();
  const errorMessage = useApiErrorMessage();
  // "All that match": the count the server confirmed last (a 409 gives the current one).
  const [allCount, setAllCount] = useState(all?.count ?? 0);
  const [changed, setChanged] = useState<string | null>(null);
  const [operation, setOperation] = useState<{ operation: TBulkOperation; list: string } | null>(null);
  const count = all ? allCount : applicants.length;
  const single = !all && count === 1 ? applicants[0] : undefined;
  const description = all
    ? (changed ??
      (allCount > APPLICANT_BULK_MAX
        ? t('sourcing:search.add_dialog.too_many', { count: allCount, max: new Intl.NumberFormat(i18n.language).format(APPLICANT_BULK_MAX) })
        : t('sourcing:search.add_dialog.description_all', { count: allCount })))
    : single
      ? t('sourcing:search.add_dialog.description_named', { name: single.name })
      : t('sourcing:search.add_dialog.description', { count });
  if (operation)
    return (
      <AlertDialog
        open
        onOpenChange={(open) => (open ? undefined : onClose(true))}
        title={t('sourcing:bulk.add_title', { list: operation.list })}
        confirmLabel={t('common:close')}
        hideCancel
        onConfirm={() => onClose(true)}
      >
        <AddToListResult operation={operation.operation} />
      </AlertDialog>
    );
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
      // Over the cap of one change to all that match (10,000): the description says so, nothing is sent.
      blocked={all !== undefined && allCount > APPLICANT_BULK_MAX}
      onSubmit={(choice) =>
        add.mutate(
          all
            ? { listId: choice.id, selection: { all: { ...all.applicantSelection.all, count: allCount } } }
            : { listId: choice.id, applicantIds: applicants.map((a) => a.id) },
          {
            onSuccess: (answer) => {
              if ('kind' in answer) return setOperation({ operation: answer, list: choice.label });
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
