import { Check, CheckCheck, CircleAlert, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SMS_FAILURE_REASONS, type TSmsMessage, type TSmsState } from '@embauche/contracts/sms';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { cn } from '../../../lib/cn.ts';

const ICONS = { pending: Clock, sent: Check, received: CheckCheck, failed: CircleAlert } satisfies Record<TSmsState, unknown>;

function isKnownReason(reason: string): reason is (typeof SMS_FAILURE_REASONS)[number] {
  return (SMS_FAILURE_REASONS as readonly string[]).includes(reason);
}

/** What the tick says: pending, sent, received (delivered to the handset) or failed with why; an applicant's message is received. */
export function useTickLabel() {
  const { t } = useTranslation('sms');
  return (message: Pick<TSmsMessage, 'direction' | 'state' | 'received' | 'reason'>): string => {
    if (message.direction === 'inbound') return t('sms:conversation.tick.inbound');
    // Spec 4: a sent message shows "sent" until `received` is true.
    const state: TSmsState = message.received ? 'received' : message.state;
    if (state !== 'failed') return t(`sms:conversation.tick.${state}`);
    if (!message.reason) return t('sms:conversation.tick.failed');
    const reason = isKnownReason(message.reason) ? t(`sms:conversation.reasons.${message.reason}`) : message.reason;
    return t('sms:conversation.tick.failed_reason', { reason });
  };
}

/** The message's delivery tick, named and focusable so that its tooltip is reachable by keyboard too. */
export function SmsMessageTick({ message, className }: { message: TSmsMessage; className?: string }) {
  const label = useTickLabel()(message);
  const state: TSmsState = message.direction === 'inbound' || message.received ? 'received' : message.state;
  const Icon = ICONS[state];
  return (
    <Tooltip content={label} side="top">
      <span
        role="img"
        aria-label={label}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the tooltip must open on focus as well as on hover.
        tabIndex={0}
        data-state-tick={state}
        className={cn('inline-flex size-4 items-center justify-center rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500', className)}
      >
        <Icon aria-hidden="true" className="size-3.5" />
      </span>
    </Tooltip>
  );
}
