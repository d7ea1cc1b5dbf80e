import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_BADGE_MAX } from '@embauche/contracts/notifications';
import { useActiveConversations } from '../api/get-active-conversations.ts';
import { smsConversationsQueryOptions } from '../api/get-sms-conversations.ts';
import { useSmsLiveUpdates } from '../hooks/use-sms-live-updates.ts';

const SmsSheet = lazy(() => import('./sms-sheet.tsx').then((m) => ({ default: m.SmsSheet })));

/** The badge's text: the count, or 99+ above 99. */
export function smsBadgeText(count: number): string {
  return count > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(count);
}

/**
 * The header's SMS bell (spec 2): the number of conversations with an unread reply on a badge, and
 * the conversations sheet. It also keeps the SMS data current from the live stream. Shown by the
 * app only to users with the SMS feature and project_application.sms.
 */
export function SmsBell() {
  const { t } = useTranslation('sms');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  // The sheet's code and state stay once it has been opened.
  const [opened, setOpened] = useState(false);
  const active = useActiveConversations();
  useSmsLiveUpdates();
  const unread = active.data?.unread_conversation_count ?? 0;
  const label = unread > 0 ? t('sms:bell.unread', { count: unread, badge: smsBadgeText(unread) }) : t('sms:bell.label');

  const prefetch = () => {
    void import('./sms-sheet.tsx');
    void queryClient.prefetchInfiniteQuery(smsConversationsQueryOptions(''));
  };

  return (
    <>
      <button
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        className="relative inline-flex size-9 items-center justify-center rounded-full text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <MessageSquare aria-hidden="true" className="size-5" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="sms-badge"
            className="absolute -right-0.5 -top-0.5 min-w-[1.125rem] rounded-full bg-red-700 px-1 text-center text-[0.6875rem] font-semibold leading-[1.125rem] text-white"
          >
            {smsBadgeText(unread)}
          </span>
        ) : null}
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <SmsSheet open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
