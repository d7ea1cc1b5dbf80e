import { useParams, useSearchParams } from 'react-router';
import { usePrefetchQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { applicantDetailQueryOptions } from '../../features/applicants/api/get-applicant-detail.ts';
import { applicationsOverviewQueryOptions } from '../../features/applicants/api/get-applications-overview.ts';
import { ApplicantPage } from '../../features/applicants/components/applicant-page.tsx';
import { feedBaseKey } from '../../features/activity-feed/api/feed-query-keys.ts';
import { parseListContext } from '../../features/applications/lib/list-context.ts';
import { ApplicantShareActions } from '../../features/shares/components/applicant-share-actions.tsx';
import { SharesCard } from '../../features/shares/components/shares-card.tsx';
import { EntityCustomFieldsCard } from '../../features/custom-fields/components/entity-custom-fields-card.tsx';
import { ActivityFeedSection } from '../components/activity-feed-section.tsx';
import { ApplicantListNavigation } from '../components/applicant-list-navigation.tsx';
import { ApplicantStatusControl } from '../components/applicant-status-control.tsx';
import { useApplicantSmsAction } from '../components/applicant-sms-action.tsx';
import { useApplicantMailAction } from '../components/applicant-mail-action.tsx';
import { useApplicantBookingAction } from '../components/applicant-booking-action.tsx';
import { ApplicantAppointmentsCard } from '../../features/planner/components/applicant-appointments-card.tsx';
import { useApplicantNeighbours } from '../hooks/use-applicant-neighbours.ts';
import { useCan } from '../session/use-current-user.ts';
import { NotFoundRoute } from './not-found-route.tsx';

const POSITIVE = /^[1-9]\d*$/;

/**
 * `/applicants/{applicantId}`: `?application={applicationId}` puts that application in focus;
 * `?list={the list's path and query}` (set by the offer and treatment lists' links) adds the way
 * back to that list and its previous/next applicants.
 */
export function ApplicantRoute() {
  const { applicantId: raw } = useParams();
  const applicantId = raw && POSITIVE.test(raw) ? Number(raw) : null;
  if (applicantId === null) return <NotFoundRoute />;
  return <ApplicantScreen applicantId={applicantId} />;
}

/** Every namespace the screen and its cards read, asked together rather than one card after another. */
const NAMESPACES = ['applicant', 'application', 'config', 'ai', 'pdfReader', 'tagInput', 'customFields', 'planner'];

function ApplicantScreen({ applicantId }: { applicantId: number }) {
  // Asked first, during render: the translations below suspend the screen, and its own queries
  // would otherwise only start once they have arrived.
  usePrefetchQuery(applicantDetailQueryOptions(applicantId));
  usePrefetchQuery(applicationsOverviewQueryOptions(applicantId));
  const [search] = useSearchParams();
  const can = useCan();
  const application = search.get('application');
  const applicationId = application && POSITIVE.test(application) ? Number(application) : null;
  const list = search.get('list');
  const context = parseListContext(list);
  const neighbours = useApplicantNeighbours(context, { applicationId, applicantId });
  const { t } = useTranslation(NAMESPACES);
  const canChangeStatus = can('project_application.change_status');
  // Sending the applicant outside (by e-mail or a link) and revoking links: project_application.transfer;
  // reading the open links: project_application.see (as the server guards them).
  const canTransfer = can('project_application.transfer');
  const canSeeShares = can('project_application.see');
  const queryClient = useQueryClient();
  // A transfer, a new link or a revocation writes an event in the applicant's feed.
  const refreshFeed = () => void queryClient.invalidateQueries({ queryKey: feedBaseKey });
  const smsAction = useApplicantSmsAction();
  const mailAction = useApplicantMailAction();
  const bookingAction = useApplicantBookingAction();
  return (
    <div className="flex min-w-0 flex-col gap-3">
      {context && list ? <ApplicantListNavigation backHref={list} neighbours={neighbours} /> : null}
      <ApplicantPage
        key={applicantId}
        applicantId={applicantId}
        permissions={{ edit: can('project_application.edit'), askDocuments: can('project_application.ask_documents') }}
        appointments={<ApplicantAppointmentsCard applicantId={applicantId} />}
        customFields={<EntityCustomFieldsCard owner={{ entity: 'applicant', id: applicantId }} canEdit={can('project_application.edit')} />}
        applicationCustomFields={(focused) => (
          <EntityCustomFieldsCard
            key={focused.id}
            owner={{ entity: 'application', id: focused.id }}
            canEdit={can('project_application.edit')}
            title={t('customFields:application_card.title', { title: focused.job_position ?? t('customFields:application_card.spontaneous') })}
          />
        )}
        statusControl={canChangeStatus ? (focused, applicant) => <ApplicantStatusControl key={focused.id} application={focused} applicant={applicant} /> : undefined}
        feed={(selected) => <ActivityFeedSection applicantId={applicantId} offerId={selected?.offer_id ?? null} source="applicant" />}
        actions={
          canTransfer || smsAction || mailAction || bookingAction
            ? (applicant, { selected, focused }) => (
                <>
                  {/* A mailing writes a mail_sent event in the applicant's feed once done. */}
                  {mailAction ? mailAction(applicant, focused, refreshFeed) : null}
                  {smsAction ? smsAction(applicant, focused) : null}
                  {bookingAction ? bookingAction(applicant, focused, refreshFeed) : null}
                  {canTransfer ? <ApplicantShareActions applicant={applicant} selected={selected} focused={focused} onChanged={refreshFeed} /> : null}
                </>
              )
            : undefined
        }
        shares={
          canSeeShares
            ? (applications) => (
                <SharesCard
                  applicantId={applicantId}
                  canRevoke={canTransfer}
                  offerLabel={(offerId) => applications?.find((a) => a.offer_id === offerId)?.job_position ?? null}
                  onChanged={refreshFeed}
                />
              )
            : undefined
        }
      />
    </div>
  );
}
