import { useState } from 'react';
import { ArrowLeft, MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TSmsConversationItem } from '@embauche/contracts/sms';
import { Sheet } from '../../../components/ui/sheet.tsx';
import { cn } from '../../../lib/cn.ts';
import { SmsConversationPane } from './sms-conversation-pane.tsx';
import { conversationName, SmsConversationList } from './sms-conversation-list.tsx';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Spec 2 "SMS panel": a side sheet with the conversations and the selected one's pane. Side by
 * side from 768 px; below, the list, then the pane with a way back to it.
 */
export function SmsSheet({ open, onOpenChange }: Props) {
  const { t } = useTranslation('sms');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<TSmsConversationItem | null>(null);
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t('sms:sheet.title')} side="right" className="w-[min(60rem,100vw)] max-w-full">
      <div className="flex h-full min-h-0">
        <SmsConversationList
          search={search}
          onSearchChange={setSearch}
          selectedId={selected?.conversation_id ?? null}
          onSelect={setSelected}
          className={cn('w-full shrink-0 md:w-80 md:border-r md:border-slate-200', selected && 'max-md:hidden')}
        />
        {selected ? (
          <SmsConversationPane
            key={selected.conversation_id}
            applicantId={selected.applicant.id}
            applicationId={selected.application_id}
            name={conversationName(selected)}
            picture={selected.applicant.picture}
            jobPosition={selected.offer.job_position}
            leading={
              <button
                type="button"
                onClick={() => setSelected(null)}
                aria-label={t('sms:sheet.back')}
                className="rounded-md p-1.5 text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 md:hidden"
              >
                <ArrowLeft aria-hidden="true" className="size-4" />
              </button>
            }
          />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center text-sm text-slate-600 max-md:hidden">
            <MessageSquare aria-hidden="true" className="size-8 text-slate-400" />
            <p>{t('sms:sheet.select')}</p>
          </div>
        )}
      </div>
    </Sheet>
  );
}
