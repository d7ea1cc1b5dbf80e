import type { TFunction } from 'i18next';
import { NOTIFICATION_SLUGS, type TNotificationData } from '@embauche/contracts/notifications';

/** The slugs with a text of their own; a newer server's slug reads "unknown". */
const KNOWN: ReadonlySet<string> = new Set(NOTIFICATION_SLUGS);

/** The sentence of a notification, from its slug (`notifications:messages.{slug}`) and its data. */
export function notificationText(t: TFunction, data: TNotificationData): string {
  const someone = t('notifications:someone');
  const values = {
    user: data.user_name || someone,
    applicant: data.applicant_name || t('notifications:an_applicant'),
    offer: data.offer_name ?? '',
    count: data.count ?? data.shared_count ?? 1,
    status: data.status_name
      ? t(`config:status.statuses.${data.status_name}`, { defaultValue: data.status_name })
      : '',
    /** An overdue onboarding task's title. */
    task: data.feature_name ?? '',
  };
  if (!KNOWN.has(data.slug)) return t('notifications:messages.unknown');
  if (data.slug === 'applicants_shared' && (data.shared_count ?? 1) > 1) return t('notifications:messages.applicants_shared_many', values);
  // Several applications of a favourite offer at once (a bulk change, a batch copied): one notification.
  if ((data.slug === 'favorite_offer_status_changed' || data.slug === 'application_received') && (data.count ?? 1) > 1 && !data.applicant_name)
    return t(`notifications:messages.${data.slug}_many`, values);
  // A ZIP of CVs the user asked for: ready (its CVs counted) or could not be prepared.
  if (data.slug === 'cv_bundle') {
    if (data.bundle_status === 'failed') return t('notifications:messages.cv_bundle_failed', values);
    return data.count === 0 ? t('notifications:messages.cv_bundle_ready_none') : t('notifications:messages.cv_bundle_ready', values);
  }
  if ((data.slug === 'comment_mention' || data.slug === 'comment_reply') && !data.applicant_name && data.offer_name)
    return t(`notifications:messages.${data.slug}_offer`, values);
  return t(`notifications:messages.${data.slug}`, values);
}

/** An in-app path the notification opens; anything else is not a link. */
export function notificationRoute(data: TNotificationData): string | null {
  const route = data.route;
  return route && route.startsWith('/') && !route.startsWith('//') ? route : null;
}
