import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TApplicantDetail } from '@embauche/contracts/applicants';
import type { TApplicationItem } from '@embauche/contracts/applications';
import { applicantKey } from '../../features/applicants/api/applicant-query-keys.ts';
import type { TApplicationOverview } from '../../features/applicants/api/get-applications-overview.ts';
import { StatusMenu } from '../../features/applications/components/status-menu.tsx';
import { useStatusChange } from '../../features/applications/hooks/use-status-change.tsx';
import { useTreatmentStatusChange } from '../../features/applications/hooks/use-treatment-status-change.tsx';
import { invalidateOfferQueries } from '../../features/offers/api/invalidate-offer-queries.ts';
import { useOfferStatuses } from '../../lib/pipeline/get-offer-statuses.ts';
import { useSpontaneousStatuses } from '../../lib/pipeline/get-spontaneous-statuses.ts';
import { useOfferViewsRefresh } from '../hooks/use-offer-views-refresh.ts';
import { useRefusalMail } from './mailing-actions.tsx';

type Props = { application: TApplicationOverview; applicant: TApplicantDetail };

/** The overview's application as the lists' status menu and motif gate know it. */
function asItem(application: TApplicationOverview, applicant: TApplicantDetail): TApplicationItem {
  return {
    ...application,
    application_id: application.id,
    applicant_id: applicant.id,
    idApplicant: applicant.id,
    firstname: applicant.firstname,
    lastname: applicant.lastname,
    email: applicant.email,
    phone: applicant.phone,
    img_src: applicant.img_src,
    tags: applicant.tags,
    has_cv: applicant.cv !== null,
    statutApplicant: application.status.id,
    idjobboard_provenance: null,
    provenance_id: applicant.source.provenance_id,
    urlLogoJobBoard: null,
    tests_count: 0,
    updated_at: application.created_at,
  };
}

/**
 * The shown application's status, changed as in the lists: the menu lists the statuses of its
 * offer's workflow (a spontaneous application's: the default workflow's); a refusal or withdrawal
 * asks for its motif; an application on an offer goes through the offer's single-change call, a
 * spontaneous one through `PUT /treatment/spontaneous/statuses`. Then the overview, the lists and their counts,
 * the offer, the tree and the dashboard reload.
 */
export function ApplicantStatusControl({ application, applicant }: Props) {
  const queryClient = useQueryClient();
  const refreshViews = useOfferViewsRefresh();
  const changed = useCallback(() => {
    refreshViews();
    void invalidateOfferQueries(queryClient);
    void queryClient.invalidateQueries({ queryKey: applicantKey(applicant.id) });
  }, [refreshViews, queryClient, applicant.id]);
  const onOffer = application.offer_id !== null && application.project_id !== null;
  const offerStatuses = useOfferStatuses(application.offer_id === null ? [] : [application.offer_id]);
  const spontaneousStatuses = useSpontaneousStatuses(application.offer_id === null);
  const statuses = application.offer_id === null ? spontaneousStatuses.data : offerStatuses.data?.get(application.offer_id);
  const refusalMail = useRefusalMail();
  const offerChange = useStatusChange(application.project_id ?? 0, application.offer_id ?? 0, changed, refusalMail);
  const spontaneousChange = useTreatmentStatusChange('spontaneous', changed, refusalMail);
  const change = onOffer ? offerChange : spontaneousChange;
  return (
    <>
      <StatusMenu application={asItem(application, applicant)} statuses={statuses ?? []} onChange={change.request} />
      {change.dialog}
    </>
  );
}
