import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Mail, MailOpen, Trash2 } from 'lucide-react';
import type { TNotification } from '@embauche/contracts/notifications';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { formatRelative } from '../../../lib/dates.ts';
import { cn } from '../../../lib/cn.ts';
import { notificationUnavailablePath } from '../../../lib/use-notification-origin.ts';
import { notificationRoute, notificationText } from '../lib/notification-text.ts';

type Props = {
  notification: TNotification;
  onRead: (id: number) => void;
  onUnread: (id: number) => void;
  onDelete: (id: number) => void;
  /** A click on the link: the notification is read and the panel closes. */
  onOpen: (notification: TNotification) => void;
};

const iconButton =
  'inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 [&_svg]:size-4';

/** One notification: its picture, its sentence (a link when it has a route), its time and its actions. */
export function NotificationItem({ notification, onRead, onUnread, onDelete, onOpen }: Props) {
  const { t } = useTranslation(['notifications', 'common']);
  const { data } = notification;
  const unread = notification.read_at === null;
  const text = notificationText(t, data);
  // What it is about can no longer be opened: its page says so and whom to ask (issue 35).
  const unavailable = notification.target === 'no_access' || notification.target === 'gone';
  const route = unavailable ? notificationUnavailablePath(notification.id) : notificationRoute(data);
  const picture = data.creator_avatar ?? data.applicant_avatar ?? null;
  const pictureName = data.user_name || data.applicant_name || '?';
  return (
    <li className={cn('flex items-start gap-2.5 px-3 py-2.5', unread ? 'bg-brand-50/60' : 'bg-white')}>
      <Avatar src={picture} name={pictureName} className="mt-0.5" />
      <div className="min-w-0 flex-1">
        <p className={cn('break-words text-sm', unread ? 'font-semibold text-slate-900' : 'text-slate-700')}>
          {unread ? <span className="sr-only">{t('notifications:unread_item')} </span> : null}
          {route ? (
            <Link
              to={route}
              state={{ notificationId: notification.id }}
              onClick={() => onOpen(notification)}
              className="rounded-sm underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              {text}
            </Link>
          ) : (
            text
          )}
        </p>
        <p className="mt-0.5 text-xs text-slate-600">
          <time dateTime={notification.created_at}>{formatRelative(notification.created_at, t)}</time>
          {unavailable ? <span className="ml-2 font-medium text-amber-800">{t(notification.target === 'gone' ? 'notifications:unavailable.gone_badge' : 'notifications:unavailable.no_access_badge')}</span> : null}
        </p>
      </div>
      <div className="flex shrink-0 items-center">
        {unread ? (
          <button type="button" className={iconButton} onClick={() => onRead(notification.id)} aria-label={t('notifications:mark_read')} title={t('notifications:mark_read')}>
            <MailOpen aria-hidden="true" />
          </button>
        ) : (
          <button type="button" className={iconButton} onClick={() => onUnread(notification.id)} aria-label={t('notifications:mark_unread')} title={t('notifications:mark_unread')}>
            <Mail aria-hidden="true" />
          </button>
        )}
        <button type="button" className={iconButton} onClick={() => onDelete(notification.id)} aria-label={t('notifications:delete')} title={t('notifications:delete')}>
          <Trash2 aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}
