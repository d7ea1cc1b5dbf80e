import { useEffect, useId, useRef, useState } from 'react';
import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TFeedEntry, TFeedPostAnswer, TFeedReply } from '@embauche/contracts/activity-feed';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useDeleteFeedComment } from '../api/delete-feed-comment.ts';
import type { FeedTarget } from '../api/feed-query-keys.ts';
import { activityFeedQueryOptions, useActivityFeed } from '../api/get-activity-feed.ts';
import { isPending, usePostFeedComment, type FeedCommentDisplay, type FeedViewer } from '../api/post-feed-comment.ts';
import { useFeedParams } from '../hooks/use-feed-params.ts';
import { useNow } from '../hooks/use-now.ts';
import type { FeedCommentInput } from '../lib/feed-form-data.ts';
import { FeedComposer } from './feed-composer.tsx';
import { EntryAction, FeedEntry } from './feed-entry.tsx';
import { FeedFilters } from './feed-filters.tsx';

export type ActivityFeedPanelProps = {
  target: FeedTarget;
  viewer: FeedViewer;
  /** Where comments are written from (`applicant`, `offer`), sent as the payload's `source`. */
  source: string;
  className?: string;
};

/** Which composer is open in the list: a reply under a thread, or an edit in place of a text. */
type Open = { kind: 'reply'; threadId: number; draft?: string } | { kind: 'edit'; entry: TFeedReply; draft?: string } | null;

/**
 * The activity feed of an offer or an applicant (spec 1, 7, 9): filters in the URL, a composer with
 * mentions, privacy and files, threads with replies, edit in place and deletion, 20 threads a page
 * loaded as the end of the list comes into view (the first 2 pages up front).
 */
export default function ActivityFeedPanel({ target, viewer, source, className }: ActivityFeedPanelProps) {
  const { t } = useTranslation(['activityFeed', 'common', 'errors']);
  const headingId = useId();
  const params = useFeedParams();
  const feed = useActivityFeed(target, params.filter);
  const listKey = activityFeedQueryOptions(target, params.filter).queryKey;
  const post = usePostFeedComment(target, listKey, viewer);
  const remove = useDeleteFeedComment();
  const errorMessage = useApiErrorMessage();
  const now = useNow();
  const [open, setOpen] = useState<Open>(null);
  const [deleting, setDeleting] = useState<TFeedReply | null>(null);
  /** Those the last comment mentioned who were not told: they cannot see what it is on. */
  const [untold, setUntold] = useState<TFeedPostAnswer['dropped_mentions']['users']>([]);
  const sentinel = useRef<HTMLDivElement>(null);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  /** The failure's own field message (a mention outside a private comment's audience, a file) when it has one. */
  const failure = (error: unknown, fallback: string) => {
    const codes = isApiError(error) && error.errors ? Object.values(error.errors).flat() : [];
    const first = codes[0];
    return first ? `${fallback} ${translateErrorCode(t, first)}` : error && isApiError(error) && error.status !== 422 ? `${fallback} ${errorMessage(error)}` : fallback;
  };

  const send = (input: Omit<FeedCommentInput, 'source'>, display: FeedCommentDisplay, onFailure?: () => void) =>
    new Promise<boolean>((resolve) => {
      post.mutate(
        { input: { ...input, source }, display },
        {
          onSuccess: (saved) => {
            setUntold(saved.dropped_mentions?.users ?? []);
            resolve(true);
          },
          onError: (error) => {
            toast.error(failure(error, t(input.edit_id ? 'activityFeed:toasts.edit_failed' : 'activityFeed:toasts.post_failed')));
            onFailure?.();
            resolve(false);
          },
        },
      );
    });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('activityFeed:delete.done'));
        setDeleting(null);
      },
      onError: (error) => {
        toast.error(errorMessage(error));
        setDeleting(null);
      },
    });
  };

  const actionsOf = (entry: TFeedReply, thread: TFeedEntry) => {
    if (isPending(entry) || entry.kind !== 'comment') {
      return entry.id === thread.id && !isPending(entry) ? (
        <div className="flex flex-wrap gap-1">
          <EntryAction onClick={() => setOpen({ kind: 'reply', threadId: thread.id })}>{t('activityFeed:reply')}</EntryAction>
        </div>
      ) : null;
    }
    return (
      <div className="flex flex-wrap gap-1">
        {entry.id === thread.id ? <EntryAction onClick={() => setOpen({ kind: 'reply', threadId: thread.id })}>{t('activityFeed:reply')}</EntryAction> : null}
        {entry.can_edit ? <EntryAction onClick={() => setOpen({ kind: 'edit', entry })}>{t('activityFeed:entry.edit')}</EntryAction> : null}
        {entry.can_delete ? <EntryAction onClick={() => setDeleting(entry)}>{t('activityFeed:entry.delete')}</EntryAction> : null}
      </div>
    );
  };

  const editorOf = (entry: TFeedReply) =>
    open?.kind === 'edit' && open.entry.id === entry.id ? (
      <FeedComposer
        mode="edit"
        target={threadTarget(entry)}
        editing={{ ...entry, text: open.draft ?? entry.text, replies: [] }}
        focusOnOpen
        onCancel={() => setOpen(null)}
        onSubmit={(input, display) => {
          setOpen(null);
          return send({ ...input, edit_id: entry.id }, display, () => setOpen({ kind: 'edit', entry, draft: input.text }));
        }}
      />
    ) : undefined;

  /** A reply or an edit is on its thread's applicant and offer, whatever feed shows it. */
  const threadTarget = (entry: TFeedReply): FeedTarget =>
    entry.applicant_id !== null || entry.offer_id !== null ? { applicant_id: entry.applicant_id, offer_id: entry.offer_id } : target;

  const threads = feed.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section aria-labelledby={headingId} className={className ?? 'flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5'}>
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {t('activityFeed:title')}
      </h2>
      <FeedComposer mode="comment" target={target} onSubmit={(input, display) => send(input, display)} />
      {untold.length ? (
        <div role="status" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <p className="min-w-0 flex-1">
            {t(target.applicant_id ? 'activityFeed:mentions.untold_applicant' : 'activityFeed:mentions.untold_offer', {
              count: untold.length,
              names: untold.map((u) => `${u.firstname} ${u.lastname}`.trim()).join(', '),
            })}
          </p>
          <Button variant="ghost" size="sm" onClick={() => setUntold([])}>
            {t('activityFeed:mentions.untold_dismiss')}
          </Button>
        </div>
      ) : null}
      <FeedFilters target={target} params={params} />
      {feed.isPending ? (
        <Spinner className="p-4" />
      ) : feed.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(feed.error)}
        </p>
      ) : threads.length === 0 ? (
        <EmptyState
          icon={MessagesSquare}
          headingLevel="h3"
          className="min-h-48"
          title={params.active ? t('activityFeed:empty.filtered') : t('activityFeed:empty.title')}
          subtitle={params.active ? undefined : t('activityFeed:empty.subtitle')}
        />
      ) : (
        <div role="feed" aria-labelledby={headingId} aria-busy={feed.isFetchingNextPage} className="flex flex-col divide-y divide-slate-100">
          {threads.map((thread) => (
            <FeedEntry key={thread.id} className="py-3" entry={thread} now={now} actions={actionsOf(thread, thread)} editor={editorOf(thread)}>
                {thread.replies.length ? (
                  <ul aria-label={t('activityFeed:entry.replies')} className="mt-2 flex flex-col gap-3 border-l-2 border-slate-100 pl-3">
                    {thread.replies.map((reply) => (
                      <li key={reply.id}>
                        <FeedEntry entry={reply} now={now} actions={actionsOf(reply, thread)} editor={editorOf(reply)} />
                      </li>
                    ))}
                  </ul>
                ) : null}
                {open?.kind === 'reply' && open.threadId === thread.id ? (
                  <div className="mt-2">
                    <FeedComposer
                      mode="reply"
                      target={threadTarget(thread)}
                      editing={open.draft ? { ...thread, text: open.draft, mentions: { users: [], groups: [] }, replies: [] } : undefined}
                      focusOnOpen
                      onCancel={() => setOpen(null)}
                      onSubmit={(input, display) => {
                        setOpen(null);
                        return send({ ...input, parent_id: thread.id }, display, () => setOpen({ kind: 'reply', threadId: thread.id, draft: input.text }));
                      }}
                    />
                  </div>
                ) : null}
            </FeedEntry>
          ))}
        </div>
      )}
      {hasNextPage ? (
        <div ref={sentinel} className="flex justify-center">
          {isFetchingNextPage ? (
            <Spinner />
          ) : (
            <Button variant="outline" size="sm" onClick={() => void fetchNextPage()}>
              {t('activityFeed:load_more')}
            </Button>
          )}
        </div>
      ) : null}
      <AlertDialog
        open={deleting !== null}
        onOpenChange={(value) => (value ? undefined : setDeleting(null))}
        title={t('activityFeed:delete.title')}
        description={t('activityFeed:delete.description')}
        confirmLabel={t('activityFeed:delete.confirm')}
        destructive
        loading={remove.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
