import { Link, NavLink, useLocation } from 'react-router';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { Briefcase, FilePen, FolderTree, Share2, Star, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import { useProjectStats, type StatsId } from '../api/get-project-stats.ts';

type Shortcut = { to: string; label: string; icon: LucideIcon; stats?: StatsId };

const SHORTCUTS: Shortcut[] = [
  { to: '/projects', label: 'projects:all_projects', icon: FolderTree },
  { to: '/projects/all/offers', label: 'projects:all_offers', icon: Briefcase, stats: 'offers' },
  { to: '/projects/favorites', label: 'projects:favorites', icon: Star },
  { to: '/projects/favorites/offers', label: 'projects:favorite_offers', icon: Star, stats: 'favorites' },
  { to: '/projects/drafts/offers', label: 'projects:draft_offers', icon: FilePen, stats: 'drafts' },
  { to: '/projects/offers-direct-access/offers', label: 'projects:direct_access_offers', icon: Share2, stats: 'offers_direct_access' },
];

function ShortcutCount({ id }: { id: StatsId }) {
  const stats = useProjectStats(id);
  if (!stats.data) return null;
  return <span className="ml-auto rounded-full bg-slate-100 px-2 text-xs font-medium text-slate-700">{stats.data.total_offers}</span>;
}

/** Spec 2 shortcuts: the special lists, each with its offer count. */
export function ProjectShortcuts() {
  const { t } = useTranslation('projects');
  return (
    <ul className="flex flex-col gap-0.5">
      {SHORTCUTS.map(({ to, label, icon: Icon, stats }) => (
        <li key={to}>
          <NavLink
            to={to}
            end
            className={({ isActive }) =>
              cn(
                'flex h-9 items-center gap-2 rounded-lg px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                isActive ? 'bg-brand-50 font-semibold text-brand-800' : 'text-slate-800 hover:bg-slate-100',
              )
            }
          >
            <Icon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            <span className="truncate">{t(label)}</span>
            {stats ? <ShortcutCount id={stats} /> : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The folded panel's rail: the same shortcuts as icons, each named for screen readers and with a tooltip. */
export function ProjectShortcutRail() {
  const { t } = useTranslation('projects');
  const { pathname } = useLocation();
  return (
    <ul className="flex flex-col items-center gap-1">
      {SHORTCUTS.map(({ to, label, icon: Icon }) => {
        // A plain Link: the tooltip's trigger merges class names as strings, which NavLink's function form is not.
        const active = pathname === to || pathname === `${to}/`;
        return (
          <li key={to}>
            <Tooltip content={t(label)} side="right">
              <Link
                to={to}
                aria-label={t(label)}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex size-9 items-center justify-center rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                  active ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                )}
              >
                <Icon aria-hidden="true" className="size-4" />
              </Link>
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
}
