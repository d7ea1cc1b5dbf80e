import {
  CalendarDays, ChartColumn, FolderKanban, LayoutDashboard, ListChecks, Receipt, Rocket, Star,
  UserRoundSearch, UsersRound, FilePen, Share2, Briefcase, Inbox, UserRound,
  type LucideIcon,
} from 'lucide-react';
import type { Access } from '@embauche/contracts/permissions';

export type MainRoute = { path: string; permission: Access; titleKey: string; icon: LucideIcon };

/** Spec 2: the authenticated pages and the permission each needs. */
export const MAIN_ROUTES: MainRoute[] = [
  { path: '/', permission: '*', titleKey: 'dashboard:title', icon: LayoutDashboard },
  { path: '/projects', permission: '*', titleKey: 'projects:title', icon: FolderKanban },
  { path: '/projects/all/offers', permission: '*', titleKey: 'projects:all_offers', icon: Briefcase },
  { path: '/projects/favorites', permission: '*', titleKey: 'projects:favorites', icon: Star },
  { path: '/projects/favorites/offers', permission: '*', titleKey: 'projects:favorite_offers', icon: Star },
  { path: '/projects/drafts/offers', permission: '*', titleKey: 'projects:draft_offers', icon: FilePen },
  { path: '/projects/offers-direct-access/offers', permission: '*', titleKey: 'projects:direct_access_offers', icon: Share2 },
  { path: '/projects/:id/offers', permission: '*', titleKey: 'projects:project_offers', icon: Briefcase },
  { path: '/projects/:projectId/offer/:offerId', permission: '*', titleKey: 'projects:offer', icon: Briefcase },
  { path: '/treatment', permission: 'project_application.see', titleKey: 'application:treatment.title', icon: Inbox },
  { path: '/applicants/:applicantId', permission: 'project_application.see', titleKey: 'applicant:title', icon: UserRound },
  { path: '/sourcing', permission: 'sourcing.access', titleKey: 'sourcing:title', icon: UserRoundSearch },
  { path: '/sourcing/lists/:id', permission: '*', titleKey: 'sourcing:recruitment_list', icon: ListChecks },
  { path: '/onboarding', permission: 'onboarding.access', titleKey: 'common:nav.onboarding', icon: Rocket },
  { path: '/stats', permission: 'statistics.access', titleKey: 'common:nav.stats', icon: ChartColumn },
  { path: '/planner', permission: 'planner.access', titleKey: 'planner:title', icon: CalendarDays },
  { path: '/community', permission: '*', titleKey: 'common:nav.community', icon: UsersRound },
  { path: '/offers-follow-up', permission: 'project_job_offer.billing', titleKey: 'common:nav.offers_follow_up', icon: Receipt },
];
