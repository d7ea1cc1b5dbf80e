import { useState } from 'react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { ChoiceDialog } from '../../../components/choice-dialog.tsx';
import type { ApplicantRef } from '../../../lib/applicant-action-slot.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useAddApplicantsToOffer } from '../api/add-applicants-to-offer.ts';
import { useTargetOffers } from '../api/search-target-offers.ts';

type Props = { applicants: ApplicantRef[]; onClose: (done: boolean) => void };

/**
 * "Add to an offer" (sourcing results, recruitment lists): an offer the user sees, found by title;
 * each applicant gets a new application there. The toast tells how many were added and how many
 * were already on the offer.
 */
export function AddApplicantsToOfferDialog({ applicants, onClose }: Props) {
  const { t } = useTranslation(['application', 'common']);
  const [search, setSearch] = useState('');
  const offers = useTargetOffers(useDebouncedValue(search.trim(), 300));
  const add = useAddApplicantsToOffer();
  const errorMessage = useApiErrorMessage();
  const count = applicants.length;
  return (
    <ChoiceDialog
      open
      onClose={() => onClose(false)}
      title={t('application:add_to_offer.title')}
      description={
        count === 1 ? t('application:add_to_offer.description_named', { name: applicants[0]?.name }) : t('application:add_to_offer.description', { count })
      }
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
      onSubmit={(choice) =>
        add.mutate(
          { offerId: choice.id, applicantIds: applicants.map((a) => a.id) },
          {
            onSuccess: ({ created, skipped }) => {
              const already = skipped.length ? t('application:add_to_offer.already', { count: skipped.length }) : undefined;
              if (created.length) toast.success(t('application:add_to_offer.added', { count: created.length, offer: choice.label }), { description: already });
              else toast.info(t('application:add_to_offer.none_added', { offer: choice.label }), { description: already });
              onClose(true);
            },
            onError: (error) => toast.error(errorMessage(error)),
          },
        )
      }
    />
  );
}
