import { useEffect, useId, type KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SendHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { SMS_MAX_LENGTH, ZSmsBody } from '@embauche/contracts/sms';
import { SmsLengthCounter } from './sms-length-counter.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useSendSms } from '../api/send-sms.ts';
import { draftKey, readDraft, saveDraft } from '../lib/sms-drafts.ts';
import { useSmsErrorMessage } from '../lib/use-sms-error-message.ts';

const ZSmsForm = z.object({ message: ZSmsBody });
type SmsForm = z.infer<typeof ZSmsForm>;

type Props = {
  applicantId: number;
  /** null: no application chosen, nothing can be sent (spec 5). */
  applicationId: number | null;
  /** Why sending is impossible (no valid mobile, no application), shown under the field. */
  blockedReason?: string | null;
};

/**
 * The pane's input (spec 2, 5, 9): the counter `length / 1071` turns red above the limit, the SMS
 * count is ceil(length / 153); send is disabled while the text is blank or too long, while sending,
 * or without applicant or application. Ctrl (or ⌘) + Enter sends. The draft is kept per
 * conversation and cleared once sent; a failure shows its message in a toast (spec 8).
 */
export function SmsComposer({ applicantId, applicationId, blockedReason }: Props) {
  const { t } = useTranslation(['sms', 'errors']);
  const errorMessage = useSmsErrorMessage();
  const id = useId();
  const counterId = `${id}-counter`;
  const hintId = `${id}-hint`;
  const key = draftKey(applicantId, applicationId ?? 0);
  const send = useSendSms();
  const form = useForm<SmsForm>({ resolver: zodResolver(ZSmsForm), defaultValues: { message: readDraft(key) } });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  useEffect(() => saveDraft(key, message), [key, message]);

  const tooLong = message.length > SMS_MAX_LENGTH;
  const blocked = applicationId === null || !applicantId || Boolean(blockedReason);
  const canSend = !blocked && message.trim().length > 0 && !tooLong && !send.isPending;

  const submit = form.handleSubmit(async (values) => {
    if (!canSend || applicationId === null) return;
    try {
      await send.mutateAsync({ applicant_id: applicantId, application_id: applicationId, message: values.message });
      saveDraft(key, '');
      form.reset({ message: '' });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  const describedBy = [counterId, blockedReason ? hintId : null].filter(Boolean).join(' ');
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex shrink-0 flex-col gap-1.5 border-t border-slate-200 bg-white p-3">
      <label htmlFor={`${id}-message`} className="sr-only">
        {t('sms:conversation.input')}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={`${id}-message`}
          {...form.register('message')}
          rows={2}
          placeholder={t('sms:conversation.placeholder')}
          aria-invalid={tooLong}
          aria-describedby={describedBy}
          aria-keyshortcuts="Control+Enter"
          title={t('sms:conversation.shortcut')}
          onKeyDown={onKeyDown}
          className="field-sizing-content max-h-32 min-h-16 min-w-0 flex-1 resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-invalid:border-red-600"
        />
        <Button type="submit" disabled={!canSend} className="shrink-0 max-sm:px-3">
          <SendHorizontal aria-hidden="true" />
          <span className="max-sm:sr-only">
            {send.isPending ? t('sms:conversation.sending') : t('sms:conversation.send')}
          </span>
        </Button>
      </div>
      <SmsLengthCounter id={counterId} message={message} />
      {blockedReason ? (
        <p id={hintId} className="text-xs text-slate-600">
          {blockedReason}
        </p>
      ) : null}
    </form>
  );
}
