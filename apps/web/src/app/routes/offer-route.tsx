import { useParams } from 'react-router';
import { OfferPage } from '../../features/offers/components/offer-page.tsx';
import { ProjectBreadcrumbs } from '../../features/projects/components/project-breadcrumbs.tsx';
import { useOfferPermissions } from '../hooks/use-offer-permissions.ts';
import { useOfferViewsRefresh } from '../hooks/use-offer-views-refresh.ts';
import { useProjectTargets } from '../hooks/use-project-targets.ts';
import { NotFoundRoute } from './not-found-route.tsx';

const positive = (raw: string | undefined) => (raw && /^[1-9]\d*$/.test(raw) ? Number(raw) : null);

/** `/projects/{projectId}/offer/{offerId}`. */
export function OfferRoute() {
  const params = useParams();
  const projectId = positive(params.projectId);
  const offerId = positive(params.offerId);
  const permissions = useOfferPermissions();
  const targets = useProjectTargets();
  const refresh = useOfferViewsRefresh();
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
    />
  );
}
