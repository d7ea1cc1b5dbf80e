import { useParams } from 'react-router';
import { NotificationUnavailable } from '../../features/notifications/components/notification-unavailable.tsx';
import { NotFoundRoute } from './not-found-route.tsx';

/** `/notifications/{id}/unavailable`: what a notification is about can no longer be opened. */
export function NotificationUnavailableRoute() {
  const { id } = useParams();
  const notificationId = Number(id);
  if (!Number.isInteger(notificationId) || notificationId <= 0) return <NotFoundRoute />;
  return <NotificationUnavailable key={notificationId} notificationId={notificationId} />;
}
