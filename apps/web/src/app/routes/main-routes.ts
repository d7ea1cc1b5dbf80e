import type { Access } from '@embauche/contracts/permissions';

export type MainRoute = { path: string; permission: Access; titleKey: string };

/** Spec 2: the authenticated pages and the permission each needs (their icons: main-route-icons.ts). */
export const MAIN_ROUTES: MainRoute[] = [
  { path: '/', permission: '*', titleKey: 'dashboard:title' },
  { path: '/projects', permission: '*', titleKey: 'projects:title' },
  { path: '/projects/all/offers', permission: '*', titleKey: 'projects:all_offers' },
  { path: '/projects/favorites', permission: '*', titleKey: 'projects:favorites' },
  { path: '/projects/favorites/offers', permission: '*', titleKey: 'projects:favorite_offers' },
  { path: '/projects/drafts/offers', permission: '*', titleKey: 'projects:draft_offers' },
  { path: '/projects/offers-direct-access/offers', permission: '*', titleKey: 'projects:direct_access_offers' },
  { path: '/projects/:id/offers', permission: '*', titleKey: 'projects:project_offers' },
  { path: '/projects/:projectId/offer/:offerId', permission: '*', titleKey: 'projects:offer' },
  { path: '/treatment', permission: 'project_application.see', titleKey: 'application:treatment.title' },
  { path: '/applicants/:applicantId', permission: 'project_application.see', titleKey: 'applicant:title' },
  { path: '/sourcing', permission: 'sourcing.access', titleKey: 'sourcing:title' },
  { path: '/sourcing/lists/:id', permission: '*', titleKey: 'sourcing:recruitment_list' },
  { path: '/onboarding', permission: 'onboarding.access', titleKey: 'common:nav.onboarding' },
  { path: '/stats', permission: 'statistics.access', titleKey: 'common:nav.stats' },
  { path: '/planner', permission: 'planner.access', titleKey: 'planner:title' },
  { path: '/community', permission: '*', titleKey: 'common:nav.community' },
  { path: '/offers-follow-up', permission: 'project_job_offer.billing', titleKey: 'common:nav.offers_follow_up' },
];
