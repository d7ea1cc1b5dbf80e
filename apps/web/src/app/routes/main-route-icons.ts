import {
  Briefcase, CalendarDays, ChartColumn, FilePen, FolderKanban, Inbox, LayoutDashboard, ListChecks, Receipt,
  Rocket, Share2, Star, UserRound, UserRoundSearch, UsersRound,
  type LucideIcon,
} from 'lucide-react';

/**
 * The icon of each authenticated page (main-routes.ts), apart from the route table so that the
 * app's entry chunk, which holds the table, does not carry them.
 */
export const MAIN_ROUTE_ICONS: Record<string, LucideIcon> = {
  '/': LayoutDashboard,
  '/projects': FolderKanban,
  '/projects/all/offers': Briefcase,
  '/projects/favorites': Star,
  '/projects/favorites/offers': Star,
  '/projects/drafts/offers': FilePen,
  '/projects/offers-direct-access/offers': Share2,
  '/projects/:id/offers': Briefcase,
  '/projects/:projectId/offer/:offerId': Briefcase,
  '/treatment': Inbox,
  '/applicants/:applicantId': UserRound,
  '/sourcing': UserRoundSearch,
  '/sourcing/lists/:id': ListChecks,
  '/onboarding': Rocket,
  '/stats': ChartColumn,
  '/planner': CalendarDays,
  '/community': UsersRound,
  '/offers-follow-up': Receipt,
};
