import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ZSmsOutboxReplyPayload, type TSmsOutboxItem, type TSmsOutboxReplyPayload, type TSmsState } from '@embauche/contracts/sms';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useSimulateSmsReceipt } from '../api/simulate-sms-receipt.ts';
import { useSimulateSmsReply } from '../api/simulate-sms-reply.ts';

const TONES: Record<TSmsState, 'warning' | 'info' | 'success' | 'danger'> = { pending: 'warning', sent: 'info', received: 'success', failed: 'danger' };

const TEXTAREA =
  'min-h-16 max-h-32 w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-invalid:border-red-600';

/** The delivery receipt: received, or failed with a reason (while the message still waits for one). */
function ReceiptActions({ item }: { item: TSmsOutboxItem }) {
  const { t } = useTranslation(['sms', 'common']);
  const errorMessage = useApiErrorMessage();
  const receipt = useSimulateSmsReceipt();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const report = (state: 'received' | 'failed') =>
    receipt.mutate(
      { id: item.id, state, ...(state === 'failed' && reason.trim() ? { reason: reason.trim() } : {}) },
      { onSuccess: () => toast.success(t('sms:outbox.receipt_done')), onError: (error) => toast.error(errorMessage(error)) },
    );
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Button size="sm" variant="outline" disabled={receipt.isPending} onClick={() => report('received')}>
        {t('sms:outbox.mark_received')}
      </Button>
      <div className="flex min-w-48 flex-1 flex-col gap-1">
        <label htmlFor={reasonId} className="text-xs font-medium text-slate-700">
          {t('sms:outbox.failure_reason')}
        </label>
        <Input id={reasonId} value={reason} maxLength={255} placeholder={t('sms:outbox.failure_reason_placeholder')} className="h-8" onChange={(e) => setReason(e.target.value)} />
      </div>
      <Button size="sm" variant="outline" disabled={receipt.isPending} onClick={() => report('failed')}>
        {t('sms:outbox.mark_failed')}
      </Button>
    </div>
  );
}

/** The applicant's answer to this text: stored as an inbound message, published live, notified. */
function ReplyForm({ item }: { item: TSmsOutboxItem }) {
  const { t } = useTranslation(['sms', 'common']);
  const errorMessage = useApiErrorMessage();
  const reply = useSimulateSmsReply();
  const form = useForm<TSmsOutboxReplyPayload>({ resolver: zodResolver(ZSmsOutboxReplyPayload), defaultValues: { message: '' } });
  const submit = form.handleSubmit((values) =>
    reply.mutateAsync({ id: item.id, message: values.message }).then(
      () => {
        form.reset();
        toast.success(t('sms:outbox.reply_done'));
      },
      (error: unknown) => void toast.error(errorMessage(error)),
    ),
  );
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2">
      <FormField label={t('sms:outbox.reply')} error={form.formState.errors.message}>
        {(c) => <textarea {...c} rows={2} placeholder={t('sms:outbox.reply_placeholder')} className={TEXTAREA} {...form.register('message')} />}
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>
          {t('sms:outbox.reply_send')}
        </Button>
      </div>
    </form>
  );
}

/** One text of the outbox: to whom, when, its state and body, and the simulations. */
export function SmsOutboxItem({ item }: { item: TSmsOutboxItem }) {
  const { t, i18n } = useTranslation('sms');
  const titleId = useId();
  const waiting = item.state === 'pending' || item.state === 'sent';
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <p id={titleId} className="min-w-0 flex-1 truncate font-medium text-slate-900">
          {t('sms:outbox.to', { name: item.applicant_name, phone: item.to })}
        </p>
        <time dateTime={item.created_at} className="text-sm text-slate-600">
          {formatDate(item.created_at, 'datetime', i18n.language)}
        </time>
        <Badge tone={TONES[item.state]}>{t(`sms:outbox.state.${item.state}`)}</Badge>
      </div>
      <p className="whitespace-pre-wrap break-words rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800">{item.body}</p>
      {item.state === 'failed' && item.reason ? <p className="text-sm text-red-800">{t('sms:outbox.failure', { reason: item.reason })}</p> : null}
      {waiting ? <ReceiptActions item={item} /> : null}
      <ReplyForm item={item} />
    </li>
  );
}
