import { z } from 'zod';
import { zPaged } from './paging.ts';

/** What a notification is about (spec 3 "Notification"); each slug has its text in the `notifications` namespace. */
export const NOTIFICATION_SLUGS = [
  'comment_mention',
  'comment_reply',
  'documents_received',
  'application_received',
  'favorite_offer_status_changed',
  'applicants_shared',
  /** An applicant answered an SMS (issue 14). */
  'sms_received',
  /** An onboarding task the user owns is past its due day (issue 41), once per task. */
  'onboarding_task_overdue',
  /**
   * A ZIP of CVs the user asked for (issue 42, over 500: made by a job) is ready, its file stored,
   * or could not be prepared (`bundle_status`); it opens the bundle's page (`cvBundlePath`).
   */
  'cv_bundle',
] as const;
export type TNotificationSlug = (typeof NOTIFICATION_SLUGS)[number];

/** Spec 3: where the notification comes from. */
export const NOTIFICATION_SOURCES = ['applicant', 'test', 'ed', 'other'] as const;

/**
 * The notification's data (spec 3): the slug, the route it opens (a path of the web app) and the
 * names and pictures its text shows. Fields a slug does not use are left out.
 */
export const ZNotificationData = z.object({
  slug: z.string(),
  source: z.enum(NOTIFICATION_SOURCES),
  route: z.string().nullable().optional(),
  applicant_avatar: z.string().nullable().optional(),
  creator_avatar: z.string().nullable().optional(),
  user_name: z.string().nullable().optional(),
  test_id: z.number().int().nullable().optional(),
  offer_name: z.string().nullable().optional(),
  applicant_name: z.string().nullable().optional(),
  applicant_ids: z.array(z.number().int()).optional(),
  count: z.number().int().optional(),
  diff_date: z.string().nullable().optional(),
  feature_name: z.string().nullable().optional(),
  test_amount: z.number().nullable().optional(),
  shared_count: z.number().int().optional(),
  shared_mail: z.string().nullable().optional(),
  validated: z.boolean().optional(),
  /** The status a favourite offer's application moved to (its id; the name for a company status). */
  status_id: z.number().int().nullable().optional(),
  status_name: z.string().nullable().optional(),
  /** A CV bundle's outcome (slug `cv_bundle`): `count` CVs in its ZIP, or asked for when it failed. */
  bundle_status: z.enum(['ready', 'failed']).optional(),
});
export type TNotificationData = z.infer<typeof ZNotificationData>;

/**
 * Whether the user can still open what a notification is about (its applicant or offer, read from
 * its route): `open`, `no_access` (it exists, they no longer see it), `gone` (deleted). Given by
 * `GET /notifications`; absent for a notification without such a target, and on live ones (written
 * only for users who open their target).
 */
export const NOTIFICATION_TARGET_STATES = ['open', 'no_access', 'gone'] as const;
export type TNotificationTargetState = (typeof NOTIFICATION_TARGET_STATES)[number];

export const ZNotification = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  /** null: unread. */
  read_at: z.string().nullable(),
  created_at: z.string(),
  data: ZNotificationData,
  target: z.enum(NOTIFICATION_TARGET_STATES).optional(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** `filter[status]` of `GET /notifications`: the unread ones, or all (default). */
export const NOTIFICATION_FILTERS = ['unread', 'all'] as const;
export type TNotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

/** Notifications per page unless `per_page` says otherwise. */
export const NOTIFICATION_PAGE_SIZE = 20;

/**
 * `GET /notifications`: a page, newest first. With `filter[before]={id}` only the older ones are
 * paged (and counted in `total`): "load more" reads on from the last notification shown.
 */
export const ZNotificationPage = zPaged(ZNotification);
export type TNotificationPage = z.infer<typeof ZNotificationPage>;

/**
 * `GET /notifications/{id}/target`: what the notification opens and whether the user still can;
 * when they cannot, whom to ask (the company's administrators: users whose role manages rights).
 */
export const ZNotificationTarget = z.object({
  state: z.enum(NOTIFICATION_TARGET_STATES),
  kind: z.enum(['applicant', 'offer']),
  /** The applicant's or offer's name as the notification shows it. */
  name: z.string().nullable(),
  route: z.string().nullable(),
  contacts: z.array(
    z.object({
      id: z.number().int(),
      firstname: z.string(),
      lastname: z.string(),
      email: z.string(),
    }),
  ),
});
export type TNotificationTarget = z.infer<typeof ZNotificationTarget>;

/** `GET /notifications/count`: the number of unread notifications. */
export const ZNotificationCount = z.number().int();

/** The badge shows this many at most, then "99+" (spec 9). */
export const NOTIFICATION_BADGE_MAX = 99;
/** Live toasts visible at once (spec 2). */
export const NOTIFICATION_TOASTS_MAX = 3;
/** Wait before subscribing again after a stream error (spec 9). */
export const NOTIFICATION_RECONNECT_MS = 5000;
