import { moduleLoader } from '../lazy-route.tsx';

/**
 * The code of the signed-in screens, one chunk each. Apart from route-modules.ts (which preloads
 * them with the page) so that signed-in-routes.tsx, itself loaded by route-modules.ts, can use
 * them without an import cycle (as config-screens.ts does for the config pages).
 */
export const signedInScreens = {
  mainLayout: moduleLoader(() => import('../layouts/main-layout.tsx')),
  dashboard: moduleLoader(() => import('./dashboard-route.tsx')),
  projects: moduleLoader(() => import('./projects-route.tsx')),
  projectsOverview: moduleLoader(
    () => import('../../features/projects/components/projects-overview.tsx'),
  ),
  projectOffers: moduleLoader(() => import('./project-offers-route.tsx')),
  offer: moduleLoader(() => import('./offer-route.tsx')),
  placeholder: moduleLoader(() => import('./placeholder-page.tsx')),
  treatment: moduleLoader(() => import('./treatment-route.tsx')),
  applicant: moduleLoader(() => import('./applicant-route.tsx')),
  profile: moduleLoader(() => import('./profile-route.tsx')),
  userSettings: moduleLoader(() => import('./user-settings-route.tsx')),
  mailOutbox: moduleLoader(() => import('./mail-outbox-route.tsx')),
  smsOutbox: moduleLoader(() => import('./sms-outbox-route.tsx')),
  recruitmentList: moduleLoader(() => import('./recruitment-list-route.tsx')),
  sourcing: moduleLoader(() => import('./sourcing-route.tsx')),
  statistics: moduleLoader(() => import('./statistics-route.tsx')),
  community: moduleLoader(() => import('./community-route.tsx')),
  planner: moduleLoader(() => import('./planner-route.tsx')),
  communityMember: moduleLoader(() => import('./community-member-route.tsx')),
  config: moduleLoader(() => import('./config-routes.tsx')),
  notFound: moduleLoader(() => import('./not-found-route.tsx')),
  notificationUnavailable: moduleLoader(() => import('./notification-unavailable-route.tsx')),
  cvBundle: moduleLoader(() => import('./cv-bundle-route.tsx')),
} as const;
