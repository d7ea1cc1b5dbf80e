import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TProjectRef } from '@embauche/contracts/projects';
import { useBreadcrumbs } from '../api/get-breadcrumbs.ts';

const SPECIAL_LABELS: Record<string, string> = {
  all: 'projects:all_offers',
  favorites: 'projects:favorite_offers',
  'favorites-offers': 'projects:favorite_offers',
  'favorites-projects': 'projects:favorites',
  drafts: 'projects:draft_offers',
  'drafts-offers': 'projects:draft_offers',
  'offers-direct-access': 'projects:direct_access_offers',
};

/** From the top folder to the project, then the offer (the current page, not a link). */
export function ProjectBreadcrumbs({ projectRef, offerId }: { projectRef: TProjectRef; offerId?: number }) {
  const { t } = useTranslation('projects');
  const crumbs = useBreadcrumbs(projectRef, offerId);
  if (!crumbs.data) return null;
  return (
    <nav aria-label={t('projects:breadcrumbs')}>
      <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
        <li>
          <Link to="/projects" className="hover:text-slate-900 hover:underline">
            {t('projects:title')}
          </Link>
        </li>
        {crumbs.data.map((crumb, index) => {
          const last = index === crumbs.data.length - 1;
          const name = crumb.kind === 'special' ? t(SPECIAL_LABELS[String(crumb.id)] ?? 'projects:title') : crumb.name;
          const to = crumb.kind === 'offer' ? null : `/projects/${crumb.id}/offers`;
          return (
            <li key={`${crumb.kind}-${crumb.id}`} className="flex items-center gap-1">
              <ChevronRight aria-hidden="true" className="size-4 text-slate-400" />
              {last || !to ? (
                <span aria-current={last ? 'page' : undefined} className="font-medium text-slate-900">
                  {name}
                </span>
              ) : (
                <Link to={to} className="hover:text-slate-900 hover:underline">
                  {name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
