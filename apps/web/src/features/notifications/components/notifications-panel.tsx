import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellOff, CheckCheck, LoaderCircle, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { TNotification, TNotificationFilter } from '@embauche/contracts/notifications';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useDeleteAllNotifications } from '../api/delete-all-notifications.ts';
import { useDeleteNotification } from '../api/delete-notification.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { useMarkNotificationUnread } from '../api/mark-notification-unread.ts';
import { NotificationItem } from './notification-item.tsx';

const toolButton =
  'inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-50 [&_svg]:size-3.5';

/** Spec 2 "Notification panel": tabs unread and all, mark all read, delete all, each item's actions. */
export function NotificationsPanel({ onNavigate, headingId }: { onNavigate: () => void; headingId: string }) {
  const { t } = useTranslation(['notifications', 'common']);
  const [tab, setTab] = useState<TNotificationFilter>('unread');
  const read = useMarkNotificationRead();
  const unread = useMarkNotificationUnread();
  const remove = useDeleteNotification();
  const readAll = useMarkAllNotificationsRead();
  const removeAll = useDeleteAllNotifications();
  const current = useNotifications(tab);
  const items = current.data?.pages.flatMap((page) => page.data) ?? [];

  const open = (notification: TNotification) => {
    if (notification.read_at === null) read.mutate(notification.id);
    onNavigate();
  };

  return (
    <div className="flex max-h-[min(32rem,calc(100dvh-5rem))] flex-col">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
        <h2 id={headingId} className="text-sm font-semibold text-slate-900">
          {t('notifications:title')}
        </h2>
        <div className="flex flex-wrap items-center gap-1">
          <button type="button" className={toolButton} onClick={() => readAll.mutate(undefined)}>
            <CheckCheck aria-hidden="true" />
            {t('notifications:mark_all_read')}
          </button>
          <button type="button" className={toolButton} onClick={() => removeAll.mutate(undefined)}>
            <Trash2 aria-hidden="true" />
            {t('notifications:delete_all')}
          </button>
        </div>
      </div>
      <Tabs value={tab} onValueChange={(value) => setTab(value as TNotificationFilter)} className="flex min-h-0 flex-col">
        <TabsList className="px-2">
          <TabsTrigger value="unread">{t('notifications:unread')}</TabsTrigger>
          <TabsTrigger value="all">{t('notifications:all')}</TabsTrigger>
        </TabsList>
        {(['unread', 'all'] as const).map((value) => (
          <TabsContent key={value} value={value} className="min-h-0 overflow-y-auto pt-0">
            {tab !== value ? null : current.isPending ? (
              <Spinner className="p-6" />
            ) : current.isError && !current.data ? (
              <ListError />
            ) : items.length === 0 ? (
              <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
                <BellOff aria-hidden="true" className="size-6 text-slate-500" />
                <p className="text-sm text-slate-600">{t(value === 'unread' ? 'notifications:empty_unread' : 'notifications:empty_all')}</p>
              </div>
            ) : (
              <>
                <ul className="divide-y divide-slate-100">
                  {items.map((notification) => (
                    <NotificationItem
                      key={notification.id}
                      notification={notification}
                      onRead={(id) => read.mutate(id)}
                      onUnread={(id) => unread.mutate(id)}
                      onDelete={(id) => remove.mutate(id)}
                      onOpen={open}
                    />
                  ))}
                </ul>
                {current.hasNextPage ? (
                  <div className="flex justify-center border-t border-slate-100 p-2">
                    <button
                      type="button"
                      className={toolButton}
                      disabled={current.isFetchingNextPage}
                      aria-busy={current.isFetchingNextPage}
                      onClick={() => void current.fetchNextPage().then((result) => result.isError && toast.error(t('common:error')))}
                    >
                      {current.isFetchingNextPage ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
                      {t('notifications:load_more')}
                    </button>
                  </div>
                ) : null}
              </>
            )}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

/** Spec 8: a list failure shows common:error (as a toast, once). */
function ListError() {
  const { t } = useTranslation('common');
  useEffect(() => {
    toast.error(t('common:error'));
  }, [t]);
  return <p className="px-6 py-10 text-center text-sm text-red-700">{t('common:error')}</p>;
}
