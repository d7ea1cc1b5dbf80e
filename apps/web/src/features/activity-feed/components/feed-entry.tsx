import type { ReactNode } from 'react';
import { ArrowRightLeft, CalendarDays, FileText, FolderInput, Link2, Lock, Mail, Paperclip, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FeedCategory, TFeedReply } from '@embauche/contracts/activity-feed';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatRelative } from '../../../lib/dates.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { isPending } from '../api/post-feed-comment.ts';
import { FeedEventText } from './feed-event-text.tsx';

const EVENT_ICONS: Record<Exclude<FeedCategory, 'comments'>, typeof FileText> = {
  statuses: ArrowRightLeft,
  applicants: UserPlus,
  documents: FileText,
  transfers: FolderInput,
  shares: Link2,
  emails: Mail,
  appointments: CalendarDays,
};

type Props = {
  entry: TFeedReply;
  now: Date;
  /** Reply, edit and delete buttons, given by the thread. */
  actions?: ReactNode;
  /** The edit composer shown in place of the text. */
  editor?: ReactNode;
  children?: ReactNode;
  className?: string;
};

function authorName(entry: TFeedReply, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (!entry.author) return t('activityFeed:entry.system');
  if (entry.author.type === 'outsider') return t('activityFeed:entry.outsider', { name: entry.author.name });
  return `${entry.author.firstname} ${entry.author.lastname}`;
}

/** The text with each mentioned name (`@Firstname Lastname`, `@Group`) set off; always plain text. */
function MentionedText({ entry }: { entry: TFeedReply }) {
  const text = entry.text ?? '';
  const names = [...entry.mentions.users.map((u) => `@${u.firstname} ${u.lastname}`.trim()), ...entry.mentions.groups.map((g) => `@${g.name}`)]
    .filter((name) => name.length > 1)
    .sort((a, b) => b.length - a.length);
  if (!names.length) return <>{text}</>;
  const escaped = names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const parts = text.split(new RegExp(`(${escaped.join('|')})`, 'g'));
  return (
    <>
      {parts.map((part, index) => (names.includes(part) ? <strong key={index} className="font-semibold text-brand-800">{part}</strong> : part))}
    </>
  );
}

/** One comment or event: author, relative time, privacy, text or event sentence, files, actions. */
export function FeedEntry({ entry, now, actions, editor, children, className }: Props) {
  const { t, i18n } = useTranslation(['activityFeed', 'common']);
  const name = authorName(entry, t);
  const headingId = `feed-entry-${entry.id}`;
  const pending = isPending(entry);
  const EventIcon = entry.category === 'comments' ? null : EVENT_ICONS[entry.category];
  const audience = [...entry.audience.users.map((u) => `${u.firstname} ${u.lastname}`), ...entry.audience.subsidiaries.map((s) => s.name)];
  return (
    <article aria-labelledby={headingId} aria-busy={pending || undefined} className={cn('flex min-w-0 gap-3', pending && 'opacity-70', className)}>
      {EventIcon ? (
        <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700">
          <EventIcon aria-hidden="true" className="size-4" />
        </span>
      ) : (
        <Avatar src={entry.author?.type === 'user' ? entry.author.img_src : null} name={name} />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {name}
          </h3>
          <time dateTime={entry.created_at} title={formatDate(entry.created_at, 'datetime', i18n.language)} className="text-xs text-slate-600">
            {pending ? t('activityFeed:entry.sending') : formatRelative(entry.created_at, t, now)}
          </time>
          {entry.edited_at ? <span className="text-xs text-slate-600">{t('activityFeed:entry.edited')}</span> : null}
          {entry.is_private ? (
            <span className="inline-flex min-w-0 items-center gap-1 text-xs text-amber-900">
              <Lock aria-hidden="true" className="size-3 shrink-0" />
              {audience.length ? t('activityFeed:entry.private_for', { names: new Intl.ListFormat(i18n.language).format(audience) }) : t('activityFeed:entry.private')}
            </span>
          ) : null}
        </div>
        {editor ?? (
          <p className="whitespace-pre-wrap break-words text-sm text-slate-800 [overflow-wrap:anywhere]">
            {entry.kind === 'comment' ? <MentionedText entry={entry} /> : <FeedEventText entry={entry} />}
          </p>
        )}
        {entry.files.length ? (
          <ul aria-label={t('activityFeed:entry.files')} className="flex flex-col gap-1">
            {entry.files.map((file) => (
              <li key={file.id} className="flex min-w-0 items-center gap-1.5 text-sm">
                <Paperclip aria-hidden="true" className="size-3.5 shrink-0 text-slate-600" />
                {file.url ? (
                  <a href={file.url} download={file.filename} className="min-w-0 truncate font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
                    {file.filename}
                  </a>
                ) : (
                  <span className="min-w-0 truncate text-slate-800">{file.filename}</span>
                )}
                <span className="shrink-0 text-xs text-slate-600">{formatBytes(file.size, i18n.language)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {actions}
        {children}
      </div>
    </article>
  );
}

export function EntryAction({ label, onClick, children }: { label?: string; onClick: () => void; children: ReactNode }) {
  return (
    <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" aria-label={label} onClick={onClick}>
      {children}
    </Button>
  );
}
