import { Fragment, useState, type ReactNode } from 'react';
import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TFeedReply } from '@embauche/contracts/activity-feed';
import type { ShareType } from '@embauche/contracts/shares';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorStatus } from '../../../lib/api-error.ts';
import { cn } from '../../../lib/cn.ts';
import { useDeleteSharedComment } from '../api/delete-shared-comment.ts';
import { useSharedFeed } from '../api/get-shared-feed.ts';
import { SharedCommentForm } from './shared-comment-form.tsx';

/** How one comment is drawn (the activity feed's entry, composed by the route): its actions under the text, its replies after. */
export type FeedEntrySlot = (entry: TFeedReply, parts: { actions?: ReactNode; children?: ReactNode; className?: string }) => ReactNode;

type Props = { token: string; type: ShareType; company: string; entry: FeedEntrySlot; className?: string };

/**
 * With `feed`: the public comments on the applicant (an application's link: on its offer), newest
 * first, 20 threads at a time with a button for older ones; the outsider's own comment form, and
 * deletion of the comments they posted through this link.
 */
export function SharedFeed({ token, type, company, entry, className }: Props) {
  const { t } = useTranslation(['shared', 'activityFeed', 'common', 'errors']);
  const feed = useSharedFeed(token, type);
  const remove = useDeleteSharedComment(token);
  const [deleting, setDeleting] = useState<TFeedReply | null>(null);
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => setNotice({ text: t('shared:view.feed.deleted'), failed: false }),
      onError: (error) =>
        setNotice({ text: errorStatus(error) === 404 ? t('shared:view.feed.delete_gone') : t('common:error'), failed: true }),
      onSettled: () => setDeleting(null),
    });
  };

  const actionsOf = (item: TFeedReply) =>
    item.can_delete ? (
      <div className="flex flex-wrap gap-1">
        <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={() => setDeleting(item)}>
          {t('shared:view.feed.delete')}
        </Button>
      </div>
    ) : null;

  const threads = feed.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Card
      className={className}
      title={t('shared:view.feed.title')}
      description={t('shared:view.feed.intro', { company })}
    >
      <div className="flex min-w-0 flex-col gap-4">
        <SharedCommentForm
          token={token}
          type={type}
          onSending={() => setNotice(null)}
          onPosted={() => setNotice({ text: t('shared:view.feed.sent'), failed: false })}
        />
        {/* Always there, so that screen readers announce what appears in it. */}
        <p role="status" className={cn('flex items-center gap-1.5 text-sm', notice?.failed ? 'text-red-700' : 'text-emerald-800')}>
          {notice && !notice.failed ? <CircleCheck aria-hidden="true" className="size-4 shrink-0" /> : null}
          {notice?.text}
        </p>
        {feed.isPending ? (
          <Spinner className="p-4" />
        ) : feed.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorStatus(feed.error) === 404 ? t('shared:view.invalid.title') : t('shared:view.feed.error')}
          </p>
        ) : threads.length === 0 ? (
          <p className="py-4 text-center text-sm text-slate-600">{t('shared:view.feed.empty')}</p>
        ) : (
          <div role="feed" aria-label={t('shared:view.feed.title')} aria-busy={feed.isFetchingNextPage} className="flex min-w-0 flex-col divide-y divide-slate-100">
            {threads.map((thread) => (
              <Fragment key={thread.id}>
                {entry(thread, {
                  className: 'py-3',
                  actions: actionsOf(thread),
                  children: thread.replies.length ? (
                    <ul aria-label={t('activityFeed:entry.replies')} className="mt-2 flex flex-col gap-3 border-l-2 border-slate-100 pl-3">
                      {thread.replies.map((reply) => (
                        <li key={reply.id}>{entry(reply, { actions: actionsOf(reply) })}</li>
                      ))}
                    </ul>
                  ) : null,
                })}
              </Fragment>
            ))}
          </div>
        )}
        {feed.hasNextPage ? (
          <div className="flex justify-center">
            {feed.isFetchingNextPage ? (
              <Spinner />
            ) : (
              <Button variant="outline" size="sm" onClick={() => void feed.fetchNextPage()}>
                {t('shared:view.feed.load_more')}
              </Button>
            )}
          </div>
        ) : null}
      </div>
      <AlertDialog
        open={deleting !== null}
        onOpenChange={(value) => (value ? undefined : setDeleting(null))}
        title={t('shared:view.feed.delete_title')}
        description={t('shared:view.feed.delete_description')}
        confirmLabel={t('shared:view.feed.delete_confirm')}
        destructive
        loading={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}
