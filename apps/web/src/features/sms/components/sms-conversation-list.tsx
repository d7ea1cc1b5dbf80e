import { useId } from 'react';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TSmsConversationItem } from '@embauche/contracts/sms';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useSmsConversations } from '../api/get-sms-conversations.ts';
import { smsTimestamp } from '../lib/sms-dates.ts';

/** The wait after typing before the list is searched again. */
const SEARCH_DEBOUNCE_MS = 300;

export function conversationName(item: TSmsConversationItem): string {
  return `${item.applicant.firstname} ${item.applicant.lastname}`.trim();
}

type Props = {
  search: string;
  onSearchChange: (search: string) => void;
  selectedId: number | null;
  onSelect: (item: TSmsConversationItem) => void;
  className?: string;
};

/** The sheet's list (spec 2): newest message first, searched by the applicant's name, 20 at a time with "show more". */
export function SmsConversationList({ search, onSearchChange, selectedId, onSelect, className }: Props) {
  const { t, i18n } = useTranslation('sms');
  const searchId = useId();
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useSmsConversations(term);
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];

  let content;
  if (list.isPending) {
    content = (
      <div role="status" aria-label={t('sms:sheet.loading')} className="flex flex-col gap-2 p-3">
        {Array.from({ length: 5 }, (_, index) => (
          <div key={index} className="h-14 animate-pulse rounded-lg bg-slate-100" />
        ))}
      </div>
    );
  } else if (list.isError) {
    content = (
      <div role="alert" className="flex flex-col items-center gap-3 p-6 text-center text-sm text-slate-700">
        <p>{t('sms:sheet.error')}</p>
        <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
          {t('sms:sheet.retry')}
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    content = <p className="p-6 text-center text-sm text-slate-600">{term ? t('sms:sheet.empty_search', { search: term }) : t('sms:sheet.empty')}</p>;
  } else {
    content = (
      <>
        <ul aria-label={t('sms:sheet.list')} className="flex flex-col p-2">
          {items.map((item) => {
            const name = conversationName(item);
            const unread = !item.last_message_is_read;
            const selected = item.conversation_id === selectedId;
            const time = smsTimestamp(item.last_message.created_at, i18n.language);
            // Said in order, with pauses (the visible parts are laid out in columns).
            const label = [
              `${unread ? `${t('sms:sheet.unread')} ` : ''}${name}`,
              item.offer.job_position,
              time,
              `${item.last_message_sended ? t('sms:sheet.you') : ''}${item.last_message.message}`,
            ].join(', ');
            return (
              <li key={item.conversation_id}>
                <button
                  type="button"
                  onClick={() => onSelect(item)}
                  aria-current={selected ? 'true' : undefined}
                  aria-label={label}
                  className={cn(
                    'flex w-full items-start gap-3 rounded-lg px-2 py-2 text-left hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                    selected && 'bg-brand-50 hover:bg-brand-50',
                  )}
                >
                  <Avatar src={item.applicant.picture} name={name} />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="flex items-baseline gap-2">
                      <span className={cn('min-w-0 flex-1 truncate text-sm', unread ? 'font-semibold text-slate-900' : 'font-medium text-slate-800')}>
                        {name}
                      </span>
                      <time dateTime={item.last_message.created_at} className="shrink-0 text-xs text-slate-600">
                        {time}
                      </time>
                    </span>
                    <span className="truncate text-xs text-slate-600">{item.offer.job_position}</span>
                    <span className={cn('truncate text-xs', unread ? 'font-medium text-slate-900' : 'text-slate-600')}>
                      {item.last_message_sended ? t('sms:sheet.you') : ''}
                      {item.last_message.message}
                    </span>
                  </span>
                  {unread ? <span aria-hidden="true" className="mt-1.5 size-2.5 shrink-0 rounded-full bg-brand-600" /> : null}
                </button>
              </li>
            );
          })}
        </ul>
        {list.hasNextPage ? (
          <div className="flex justify-center p-2">
            <Button variant="ghost" size="sm" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {t('sms:sheet.load_more')}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <div className={cn('flex min-h-0 flex-col', className)}>
      <div className="shrink-0 border-b border-slate-200 p-3">
        <label htmlFor={searchId} className="sr-only">
          {t('sms:sheet.search')}
        </label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
          <Input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            placeholder={t('sms:sheet.search_placeholder')}
            maxLength={255}
            className="pl-9"
          />
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">{content}</div>
    </div>
  );
}
