import { lazy } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_BADGE_MAX } from '@embauche/contracts/notifications';
import { HeaderSheetTrigger } from '../../../components/header-sheet-trigger.tsx';
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
  const active = useActiveConversations();
  useSmsLiveUpdates();
  const unread = active.data?.unread_conversation_count ?? 0;
  return (
    <HeaderSheetTrigger
      label={unread > 0 ? t('sms:bell.unread', { count: unread, badge: smsBadgeText(unread) }) : t('sms:bell.label')}
      icon={MessageSquare}
      badge={unread > 0 ? smsBadgeText(unread) : null}
      badgeTestId="sms-badge"
      prefetch={() => {
        void import('./sms-sheet.tsx');
        void queryClient.prefetchInfiniteQuery(smsConversationsQueryOptions(''));
      }}
      sheet={(open, onOpenChange) => <SmsSheet open={open} onOpenChange={onOpenChange} />}
    />
  );
}
