import { useTranslation } from 'react-i18next';
import { SMS_MAX_LENGTH, smsSegments } from '@embauche/contracts/sms';
import { cn } from '../../../lib/cn.ts';

/**
 * Under an SMS input: `length / 1071`, red over the limit (and said to screen readers), and the
 * number of SMS the text takes (153 characters each). `id` lets the input be described by it.
 */
export function SmsLengthCounter({ id, message, className }: { id: string; message: string; className?: string }) {
  const { t } = useTranslation('sms');
  const tooLong = message.length > SMS_MAX_LENGTH;
  return (
    <div id={id} className={cn('flex flex-wrap items-center justify-between gap-x-3 text-xs', className)}>
      <span data-testid="sms-counter" className={cn('tabular-nums', tooLong ? 'font-semibold text-red-700' : 'text-slate-600')}>
        {t('conversation.counter', { length: message.length, max: SMS_MAX_LENGTH })}
        {tooLong ? <span className="sr-only"> {t('conversation.too_long', { max: SMS_MAX_LENGTH })}</span> : null}
      </span>
      <span data-testid="sms-segments" className="text-slate-600">
        {t('conversation.segments', { count: smsSegments(message) })}
      </span>
    </div>
  );
}
