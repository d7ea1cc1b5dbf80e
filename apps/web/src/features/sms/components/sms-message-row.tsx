import { useTranslation } from 'react-i18next';
import type { TSmsMessage } from '@embauche/contracts/sms';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { cn } from '../../../lib/cn.ts';
import { smsFullDate, smsTimestamp } from '../lib/sms-dates.ts';
import { SmsMessageTick } from './sms-message-tick.tsx';

/**
 * One message (spec 2): the company's on the right, the applicant's on the left, each with the
 * writer's avatar or initials, the text, the time and the delivery tick.
 */
export function SmsMessageRow({ message }: { message: TSmsMessage }) {
  const { t, i18n } = useTranslation('sms');
  const outbound = message.direction === 'outbound';
  const failed = outbound && message.state === 'failed';
  return (
    <li data-direction={message.direction} className={cn('flex items-end gap-2', outbound && 'flex-row-reverse')}>
      <Avatar src={message.people.img} name={message.people.name} className="size-7" />
      <div
        className={cn(
          'flex min-w-0 max-w-[80%] flex-col gap-1 rounded-2xl px-3 py-2 text-sm shadow-sm',
          outbound ? 'rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm bg-slate-100 text-slate-900',
          failed && 'bg-red-50 text-red-900 ring-1 ring-red-300',
        )}
      >
        <p className="whitespace-pre-wrap break-words">
          <span className="sr-only">{t(outbound ? 'sms:conversation.sent_by' : 'sms:conversation.received_from', { name: message.people.name })} </span>
          {message.message}
        </p>
        <div className={cn('flex items-center justify-end gap-1 text-xs', outbound && !failed ? 'text-brand-50' : 'text-slate-600', failed && 'text-red-800')}>
          <time dateTime={message.created_at} title={smsFullDate(message.created_at, i18n.language)}>
            {smsTimestamp(message.created_at, i18n.language)}
          </time>
          <SmsMessageTick message={message} />
        </div>
      </div>
    </li>
  );
}
