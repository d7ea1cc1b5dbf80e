import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Popover } from 'radix-ui';
import { Bell } from 'lucide-react';
import { toast, Toaster } from 'sonner';
import { NOTIFICATION_BADGE_MAX, NOTIFICATION_TOASTS_MAX, type TNotification } from '@embauche/contracts/notifications';
import { useNotificationCount } from '../api/get-notification-count.ts';
import { notificationsQueryOptions } from '../api/get-notifications.ts';
import { useNotificationStream, type StreamUser } from '../hooks/use-notification-stream.ts';
import { notificationRoute, notificationText } from '../lib/notification-text.ts';
import { NotificationsPanel } from './notifications-panel.tsx';

const LIVE_TOASTER = 'notifications';

/** The badge's text: the count, or 99+ above 99 (spec 9). */
export function badgeText(count: number): string {
  return count > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(count);
}

/**
 * The header bell (spec 2): the unread count on a badge, the panel in a popover (a dialog named
 * "Notifications"), the list prefetched on hover or focus, and the live stream with its toasts.
 */
export function NotificationsBell({ user }: { user: StreamUser }) {
  const { t } = useTranslation(['notifications', 'common']);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const count = useNotificationCount();
  const unread = count.data ?? 0;

  useEffect(() => {
    if (count.isError) toast.error(t('common:error'));
  }, [count.isError, t]);

  const prefetch = () => {
    void queryClient.prefetchInfiniteQuery(notificationsQueryOptions('unread'));
  };

  const showToast = useCallback(
    (notification: TNotification) => {
      const text = notificationText(t, notification.data);
      const route = notificationRoute(notification.data);
      toast.custom(
        (id) =>
          route ? (
            <Link
              to={route}
              onClick={() => toast.dismiss(id)}
              className="block w-[min(22rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-900 shadow-lg hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              {text}
            </Link>
          ) : (
            <div className="w-[min(22rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-900 shadow-lg">{text}</div>
          ),
        { toasterId: LIVE_TOASTER },
      );
    },
    [t],
  );
  useNotificationStream(user, showToast);

  const label = unread > 0 ? t('notifications:bell_unread', { count: unread, badge: badgeText(unread) }) : t('notifications:bell');
  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          aria-label={label}
          onPointerEnter={prefetch}
          onFocus={prefetch}
          className="relative inline-flex size-9 items-center justify-center rounded-full text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <Bell aria-hidden="true" className="size-5" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              data-testid="notifications-badge"
              className="absolute -right-0.5 -top-0.5 min-w-[1.125rem] rounded-full bg-red-700 px-1 text-center text-[0.6875rem] font-semibold leading-[1.125rem] text-white"
            >
              {badgeText(unread)}
            </span>
          ) : null}
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={6}
            collisionPadding={8}
            aria-labelledby={headingId}
            className="z-50 w-[min(28rem,calc(100vw-1rem))] overflow-hidden rounded-xl border border-slate-200 bg-white text-slate-800 shadow-lg"
          >
            <NotificationsPanel headingId={headingId} onNavigate={() => setOpen(false)} />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {/* Spec 2: live notifications stack at most 3, top-right. */}
      <Toaster id={LIVE_TOASTER} position="top-right" visibleToasts={NOTIFICATION_TOASTS_MAX} duration={5000} />
      <span className="sr-only" aria-live="polite">
        {unread > 0 ? t('notifications:bell_unread', { count: unread, badge: badgeText(unread) }) : ''}
      </span>
    </>
  );
}
