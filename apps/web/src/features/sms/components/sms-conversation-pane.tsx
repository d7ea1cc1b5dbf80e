import { useEffect, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useConversation } from '../api/get-conversation.ts';
import { useMarkSmsRead } from '../api/mark-sms-read.ts';
import { cachedUnread } from '../api/sms-keys.ts';
import { draftKey } from '../lib/sms-drafts.ts';
import { SmsComposer } from './sms-composer.tsx';
import { SmsMessageList, SmsMessagesSkeleton } from './sms-message-list.tsx';

export type SmsPaneTarget = {
  applicantId: number;
  /** null: no application chosen (nothing to read or send). */
  applicationId: number | null;
  name: string;
  picture?: string | null;
  /** The offer, shown under the name when known. */
  jobPosition?: string | null;
};

type Props = SmsPaneTarget & {
  /** Before the name (the sheet's "back to the list" on small screens). */
  leading?: ReactNode;
  headingLevel?: 'h2' | 'h3';
};

/**
 * Spec 2 "SMS panel", the conversation pane: the messages (company right, applicant left), an
 * 8-row skeleton while loading, "no messages" when empty, and the input. Opening it, or a reply
 * arriving while it is open, marks the conversation read (spec 4).
 */
export function SmsConversationPane({ applicantId, applicationId, name, picture, jobPosition, leading, headingLevel = 'h3' }: Props) {
  const { t } = useTranslation('sms');
  const queryClient = useQueryClient();
  const conversation = useConversation(applicantId, applicationId);
  const markRead = useMarkSmsRead();
  const { mutate: mark } = markRead;
  const data = conversation.data;
  const last = data?.messages.at(-1);
  const lastInboundId = last?.direction === 'inbound' ? last.id : null;
  const marked = useRef<number | null>(null);

  useEffect(() => {
    const conversationId = data?.conversation_id ?? null;
    if (conversationId === null || lastInboundId === null || marked.current === lastInboundId) return;
    marked.current = lastInboundId;
    // A listed copy that already says "read" spares the call; unknown or unread: marked read.
    if (cachedUnread(queryClient, conversationId) === false) return;
    mark(conversationId);
  }, [data?.conversation_id, lastInboundId, mark, queryClient]);

  const Heading = headingLevel;
  const phone = data ? (data.phone_formatted ?? t('sms:conversation.no_phone_number')) : null;
  const blockedReason =
    applicationId === null ? t('sms:conversation.no_application') : data && data.phone === null ? t('sms:conversation.no_phone') : null;

  let body: ReactNode;
  if (applicationId === null) {
    body = <div className="flex-1" />;
  } else if (conversation.isPending) {
    body = <SmsMessagesSkeleton />;
  } else if (conversation.isError) {
    body = (
      <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-sm text-slate-700">
        <p>{t('sms:conversation.error')}</p>
        <Button variant="outline" size="sm" onClick={() => void conversation.refetch()}>
          {t('sms:conversation.retry')}
        </Button>
      </div>
    );
  } else if (data && data.messages.length === 0) {
    body = (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
        <div className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
          <MessageSquare aria-hidden="true" className="size-6" />
        </div>
        <p className="text-base font-semibold text-slate-900">{t('sms:conversation.empty')}</p>
        <p className="text-sm text-slate-600">{t('sms:conversation.empty_hint')}</p>
      </div>
    );
  } else {
    body = <SmsMessageList messages={data?.messages ?? []} label={t('sms:conversation.messages', { name })} />;
  }

  return (
    <section aria-label={t('sms:conversation.title', { name })} className="flex h-full min-h-0 min-w-0 flex-1 flex-col bg-white">
      <div className="flex shrink-0 items-center gap-2 border-b border-slate-200 px-3 py-2">
        {leading}
        <Avatar src={picture} name={name} />
        <div className="min-w-0 flex-1">
          <Heading className="truncate text-sm font-semibold text-slate-900">{name}</Heading>
          <p className="truncate text-xs text-slate-600">{[phone, jobPosition].filter(Boolean).join(' · ')}</p>
        </div>
      </div>
      {body}
      <SmsComposer key={draftKey(applicantId, applicationId ?? 0)} applicantId={applicantId} applicationId={applicationId} blockedReason={blockedReason} />
    </section>
  );
}
