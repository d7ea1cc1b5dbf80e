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
import { useAddApplicantsToOffer } from '../api/add-applicants-to-offer.ts';
import { useTargetOffers } from '../api/search-target-offers.ts';
import { AddToOfferResult } from './add-to-offer-result.tsx';

type Props = {
  applicants: ApplicantRef[];
  /** "All that match" of a sourcing search or a recruitment list (issue 42 part 2), instead of `applicants`. */
  all?: ApplicantSelectionTarget | undefined;
  onClose: (done: boolean) => void;
};

/**
 * "Add to an offer" (sourcing results, recruitment lists): an offer the user sees, found by title;
 * each applicant gets a new application there. The toast tells how many were added and how many
 * were already on the offer. With `all`, every applicant that matches, counted before confirming (a
 * 409 says the new count, sent with the next click); the dialog then shows the progress (a job
 * above 200) and what was added and skipped, by reason.
 */
export function AddApplicantsToOfferDialog({ applicants, all, onClose }: Props) {
  const { t, i18n } = useTranslation(['application', 'common']);
  const [search, setSearch] = useState('');
  const offers = useTargetOffers(useDebouncedValue(search.trim(), 300));
  const add = useAddApplicantsToOffer();
  const errorMessage = useApiErrorMessage();
  const [allCount, setAllCount] = useState(all?.count ?? 0);
  const [changed, setChanged] = useState<string | null>(null);
  const [operation, setOperation] = useState<{ operation: TBulkOperation; offer: string } | null>(null);
  const count = all ? allCount : applicants.length;
  const tooMany = all !== undefined && allCount > APPLICANT_BULK_MAX;
  const description = all
    ? (changed ??
      (tooMany
        ? t('application:add_to_offer.too_many', { count: allCount, max: new Intl.NumberFormat(i18n.language).format(APPLICANT_BULK_MAX) })
        : t('application:add_to_offer.description_all', { count: allCount })))
    : count === 1
      ? t('application:add_to_offer.description_named', { name: applicants[0]?.name })
      : t('application:add_to_offer.description', { count });
  if (operation)
    return (
      <AlertDialog
        open
        onOpenChange={(open) => (open ? undefined : onClose(true))}
        title={t('application:add_to_offer.result_title', { offer: operation.offer })}
        confirmLabel={t('common:close')}
        hideCancel
        onConfirm={() => onClose(true)}
      >
        <AddToOfferResult operation={operation.operation} />
      </AlertDialog>
    );
  return (
    <ChoiceDialog
      open
      onClose={() => onClose(false)}
      title={t('application:add_to_offer.title')}
      description={description}
      searchLabel={t('application:add_to_offer.search')}
      search={search}
      onSearch={setSearch}
      legend={t('application:add_to_offer.offers')}
      choices={(offers.data?.data ?? []).map((offer) => ({
        id: offer.id,
        label: offer.reference ? `${offer.job_position} (${offer.reference})` : offer.job_position,
        hint: offer.project_name,
      }))}
      loading={offers.isPending}
      error={offers.isError ? errorMessage(offers.error) : null}
      none={t('application:add_to_offer.none')}
      submitLabel={t('application:add_to_offer.add')}
      submitting={add.isPending}
      blocked={tooMany}
      onSubmit={(choice) =>
        add.mutate(
          all
            ? { offerId: choice.id, selection: { all: { ...all.applicantSelection.all, count: allCount } } }
            : { offerId: choice.id, applicantIds: applicants.map((a) => a.id) },
          {
            onSuccess: (answer) => {
              if ('kind' in answer) return setOperation({ operation: answer, offer: choice.label });
              const { created, skipped } = answer;
              const already = skipped.length ? t('application:add_to_offer.already', { count: skipped.length }) : undefined;
              if (created.length) toast.success(t('application:add_to_offer.added', { count: created.length, offer: choice.label }), { description: already });
              else toast.info(t('application:add_to_offer.none_added', { offer: choice.label }), { description: already });
              onClose(true);
            },
            onError: (error) => {
              const recount = all && isApiError(error) && error.code === 'selection_changed' ? Number(error.errors?.count?.[0]) : NaN;
              if (Number.isFinite(recount)) {
                setAllCount(recount);
                setChanged(t('application:add_to_offer.selection_changed', { count: recount }));
              } else toast.error(errorMessage(error));
            },
          },
        )
      }
    />
  );
}
