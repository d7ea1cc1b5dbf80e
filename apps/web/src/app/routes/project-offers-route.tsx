import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PROJECT_TYPES } from '@embauche/contracts/projects';
import { OfferList } from '../../features/offers/components/offer-list.tsx';
import { ProjectBreadcrumbs } from '../../features/projects/components/project-breadcrumbs.tsx';
import { useProjectTreeContext } from '../../features/projects/components/project-tree-context.ts';
import { parseProjectRef } from '../../features/projects/lib/tree-utils.ts';
import { useOfferPermissions } from '../hooks/use-offer-permissions.ts';
import { useOfferViewsRefresh } from '../hooks/use-offer-views-refresh.ts';
import { useProjectTargets } from '../hooks/use-project-targets.ts';
import { NotFoundRoute } from './not-found-route.tsx';

const SPECIAL_TITLES: Record<string, string> = {
  all: 'projects:all_offers',
  favorites: 'projects:favorite_offers',
  'favorites-offers': 'projects:favorite_offers',
  'favorites-projects': 'projects:favorite_projects_offers',
  drafts: 'projects:draft_offers',
  'drafts-offers': 'projects:draft_offers',
  'offers-direct-access': 'projects:direct_access_offers',
};

/** `/projects/{id}/offers` for a project or a special list (all, favorites, drafts, offers-direct-access). */
export function ProjectOffersRoute() {
  const { t } = useTranslation('projects');
  const ref = parseProjectRef(useParams().id);
  const { active } = useProjectTreeContext();
  const permissions = useOfferPermissions();
  const targets = useProjectTargets();
  const refresh = useOfferViewsRefresh();
  if (ref === null) return <NotFoundRoute />;
  const project = typeof ref === 'number' && active?.id === ref ? active : null;
  const title = typeof ref === 'number' ? (project?.name ?? t('projects:project_offers')) : t(SPECIAL_TITLES[ref] ?? 'projects:all_offers');
  return (
    <OfferList
      key={String(ref)}
      projectRef={ref}
      title={title}
      before={typeof ref === 'number' ? <ProjectBreadcrumbs projectRef={ref} /> : null}
      createInProject={project?.type === PROJECT_TYPES.LEAF && typeof ref === 'number' ? ref : undefined}
      targets={targets}
      permissions={permissions}
      hideStatusFilter={ref === 'drafts' || ref === 'drafts-offers'}
      onChanged={refresh}
    />
  );
}
