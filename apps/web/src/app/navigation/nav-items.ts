import {
  CalendarDays, ChartColumn, FolderKanban, LayoutDashboard, Rocket, Settings, UserRoundSearch, UsersRound,
  type LucideIcon,
} from 'lucide-react';
import type { Access } from '@embauche/contracts/permissions';

export const LAST_PROJECT_PATH_KEY = 'embauche.lastProjectPath';

export type NavItem = {
  id: 'dashboard' | 'projects' | 'sourcing' | 'onboarding' | 'stats' | 'planner' | 'community' | 'config';
  to: string;
  icon: LucideIcon;
  permission: Access;
  /** Spec 2: hidden on mobile (< 768px). */
  mobileHidden?: boolean;
  /** Paths that keep the item highlighted. */
  section: string;
};

/** Spec 2 order: dashboard, projects, sourcing, onboarding, stats, planner, community, config. */
export const NAV_ITEMS: NavItem[] = [
  { id: 'dashboard', to: '/', icon: LayoutDashboard, permission: '*', section: '/' },
  { id: 'projects', to: '/projects', icon: FolderKanban, permission: '*', section: '/projects' },
  { id: 'sourcing', to: '/sourcing', icon: UserRoundSearch, permission: 'sourcing.access', section: '/sourcing' },
  { id: 'onboarding', to: '/onboarding', icon: Rocket, permission: 'onboarding.access', section: '/onboarding', mobileHidden: true },
  { id: 'stats', to: '/stats', icon: ChartColumn, permission: 'statistics.access', section: '/stats', mobileHidden: true },
  { id: 'planner', to: '/planner', icon: CalendarDays, permission: 'planner.access', section: '/planner', mobileHidden: true },
  { id: 'community', to: '/community', icon: UsersRound, permission: '*', section: '/community' },
  { id: 'config', to: '/config', icon: Settings, permission: 'config.access', section: '/config', mobileHidden: true },
];

/** The projects module records the last project or offer visited; the nav item leads back there. */
export function lastProjectPath(): string {
  try {
    const saved = window.localStorage.getItem(LAST_PROJECT_PATH_KEY);
    if (saved && /^\/projects(\/[\w-]+)*\/?$/.test(saved)) return saved;
  } catch {
    // Storage may be unavailable (private mode); the default is fine.
  }
  return '/projects';
}

/** Called by the projects screens on each visit (favorites, drafts, all, a project's offers, an offer). */
export function rememberProjectPath(pathname: string): void {
  try {
    window.localStorage.setItem(LAST_PROJECT_PATH_KEY, pathname);
  } catch {
    // Storage may be unavailable; the nav item then leads to /projects.
  }
}

export function isInSection(pathname: string, section: string): boolean {
  if (section === '/') return pathname === '/';
  return pathname === section || pathname.startsWith(`${section}/`);
}
