import { useCallback, useLayoutEffect, useRef, useState, type UIEvent, type WheelEvent } from 'react';
import { ArrowDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TSmsMessage } from '@embauche/contracts/sms';
import { cn } from '../../../lib/cn.ts';
import { SmsMessageRow } from './sms-message-row.tsx';

/** How close to the end (px) still counts as "at the bottom". */
const BOTTOM_SLACK = 24;

function atBottomOf(element: HTMLElement): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK;
}

type Props = { messages: TSmsMessage[]; label: string; className?: string };

/**
 * The messages, oldest at the top (spec 2). It follows the newest message (auto-scroll) until the
 * user scrolls or wheels away, and follows again once back at the bottom; meanwhile a button takes
 * them there. New messages are announced politely (a log).
 */
export function SmsMessageList({ messages, label, className }: Props) {
  const { t } = useTranslation('sms');
  const scroller = useRef<HTMLDivElement>(null);
  const follow = useRef(true);
  const [atBottom, setAtBottom] = useState(true);

  const toBottom = useCallback(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, []);

  // Before paint: the pane opens at its newest message, and a new one is shown while following.
  useLayoutEffect(() => {
    if (follow.current) toBottom();
  }, [messages, toBottom]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const bottom = atBottomOf(event.currentTarget);
    follow.current = bottom;
    setAtBottom(bottom);
  };
  // Wheeling up leaves the bottom at once, before the scroll it causes is reported.
  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    if (event.deltaY < 0 && element.scrollHeight > element.clientHeight) follow.current = false;
  };

  return (
    <div className={cn('relative min-h-0 flex-1', className)}>
      <div
        ref={scroller}
        role="log"
        aria-label={label}
        // A scrolling region the keyboard can reach and scroll.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        onScroll={onScroll}
        onWheel={onWheel}
        className="h-full overflow-y-auto overscroll-contain px-3 py-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500"
      >
        <ol className="flex flex-col gap-3">
          {messages.map((message) => (
            <SmsMessageRow key={message.id} message={message} />
          ))}
        </ol>
      </div>
      {atBottom ? null : (
        <button
          type="button"
          onClick={() => {
            follow.current = true;
            setAtBottom(true);
            toBottom();
          }}
          aria-label={t('sms:conversation.scroll_bottom')}
          title={t('sms:conversation.scroll_bottom')}
          className="absolute bottom-3 right-3 inline-flex size-9 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-700 shadow-md hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <ArrowDown aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}

/** Spec 2: the loading skeleton, 8 rows on alternating sides. */
export function SmsMessagesSkeleton() {
  const { t } = useTranslation('sms');
  return (
    <div role="status" aria-label={t('sms:conversation.loading')} className="flex min-h-0 flex-1 flex-col gap-3 overflow-hidden px-3 py-4">
      {Array.from({ length: 8 }, (_, index) => (
        <div key={index} data-testid="sms-skeleton-row" className={cn('flex items-end gap-2', index % 2 === 1 && 'flex-row-reverse')}>
          <div className="size-7 shrink-0 animate-pulse rounded-full bg-slate-200" />
          <div className={cn('h-10 animate-pulse rounded-2xl bg-slate-200', index % 3 === 0 ? 'w-2/3' : 'w-1/2')} />
        </div>
      ))}
    </div>
  );
}
