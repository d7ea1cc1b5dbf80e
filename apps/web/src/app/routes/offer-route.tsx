import { useCallback } from 'react';
import { useLocation, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ManualApplicantButton } from '../../features/applicants/components/manual-applicant-button.tsx';
import { invalidateApplicationQueries } from '../../features/applications/api/change-application-status.ts';
import { ApplicationsTab } from '../../features/applications/components/applications-tab.tsx';
import { applicationParsers } from '../../features/applications/hooks/use-application-params.ts';
import { offerQueryOptions } from '../../features/offers/api/get-offer.ts';
import { invalidateOfferQueries } from '../../features/offers/api/invalidate-offer-queries.ts';
import { OfferPage } from '../../features/offers/components/offer-page.tsx';
import { ProjectBreadcrumbs } from '../../features/projects/components/project-breadcrumbs.tsx';
import { useApplicationPermissions } from '../hooks/use-application-permissions.ts';
import { useOfferPermissions } from '../hooks/use-offer-permissions.ts';
import { useApplicantLinkPrefetch } from '../hooks/use-applicant-link-prefetch.ts';
import { useOfferViewsRefresh } from '../hooks/use-offer-views-refresh.ts';
import { ActivityFeedSection, useCanSeeActivityFeed } from '../components/activity-feed-section.tsx';
import { useApplicationSms } from '../components/application-sms.tsx';
import { useApplicationMailing, useRefusalMail } from '../components/mailing-actions.tsx';
import { useApplicationBooking } from '../components/booking-link-actions.tsx';
import { useApplicationTransfer } from '../components/application-transfer.tsx';
import { useCan } from '../session/use-current-user.ts';
import { useProjectTargets } from '../hooks/use-project-targets.ts';
import { NotFoundRoute } from './not-found-route.tsx';

const positive = (raw: string | undefined) => (raw && /^[1-9]\d*$/.test(raw) ? Number(raw) : null);

/** A link carrying the applications' view or filters opens on that tab. */
function opensApplications(search: string): boolean {
  const params = new URLSearchParams(search);
  return Object.keys(applicationParsers).some((key) => params.has(key));
}

/** `/projects/{projectId}/offer/{offerId}`. */
export function OfferRoute() {
  const params = useParams();
  const location = useLocation();
  const queryClient = useQueryClient();
  const projectId = positive(params.projectId);
  const offerId = positive(params.offerId);
  const permissions = useOfferPermissions();
  const applicationPermissions = useApplicationPermissions();
  const targets = useProjectTargets();
  // The offer screen's own detail query (shared with OfferPage) carries its project's documents
  // setting (spec 5), for direct-access offers too.
  const offer = useQuery({ ...offerQueryOptions(projectId ?? 0, offerId ?? 0), enabled: projectId !== null && offerId !== null });
  const documentsEnabled = offer.data?.documents_enabled ?? true;
  const refresh = useOfferViewsRefresh();
  useApplicantLinkPrefetch();
  const can = useCan();
  const canSeeFeed = useCanSeeActivityFeed();
  const transfer = useApplicationTransfer();
  const sms = useApplicationSms(offerId);
  const mailing = useApplicationMailing();
  const refusalMail = useRefusalMail();
  const booking = useApplicationBooking();
  // Spec 4: after a status change the offer detail (its counts), tree counts and dashboard refresh too.
  const applicationsChanged = useCallback(() => {
    refresh();
    void invalidateOfferQueries(queryClient);
  }, [refresh, queryClient]);
  // A new applicant: the lists, board columns and counts reload, and the other views' counts too.
  const applicantCreated = useCallback(() => {
    void invalidateApplicationQueries(queryClient);
    applicationsChanged();
  }, [queryClient, applicationsChanged]);
  if (projectId === null || offerId === null) return <NotFoundRoute />;
  return (
    <OfferPage
      key={`${projectId}-${offerId}`}
      projectId={projectId}
      offerId={offerId}
      breadcrumbs={<ProjectBreadcrumbs projectRef={projectId} offerId={offerId} />}
      targets={targets}
      permissions={permissions}
      onChanged={refresh}
      initialTab={opensApplications(location.search) ? 'applications' : 'details'}
      activityTab={canSeeFeed ? <ActivityFeedSection offerId={offerId} source="offer" className="flex min-w-0 flex-col gap-4" /> : undefined}
      applicationsTab={
        <ApplicationsTab
          projectId={projectId}
          offerId={offerId}
          permissions={applicationPermissions}
          onChanged={applicationsChanged}
          transfer={transfer}
          sms={sms}
          mailing={mailing}
          refusalMail={refusalMail}
          booking={booking}
          toolbarExtra={
            can('project_application.add_manual') ? (
              <ManualApplicantButton
                projectId={projectId}
                offerId={offerId}
                documentsEnabled={documentsEnabled}
                onCreated={applicantCreated}
              />
            ) : null
          }
        />
      }
    />
  );
}
