import { lazy, Suspense } from 'react';
import { SEE_ACTIVITY_FEED } from '@embauche/contracts/permissions';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useCan, useCurrentUser } from '../session/use-current-user.ts';

// The feed (composer, pickers, threads) downloads the first time a screen shows it.
const ActivityFeedPanel = lazy(() => import('../../features/activity-feed/components/activity-feed-panel.tsx'));

type Props = {
  offerId?: number | null;
  applicantId?: number | null;
  /** Where comments are written from, sent as their `source`. */
  source: 'applicant' | 'offer';
  className?: string;
};

/**
 * An offer's or an applicant's activity feed, for holders of `see_activity_feed` only (spec 6):
 * without it nothing renders and the feed is never called.
 */
export function ActivityFeedSection({ offerId, applicantId, source, className }: Props) {
  const can = useCan();
  const me = useCurrentUser();
  if (!can(SEE_ACTIVITY_FEED)) return null;
  return (
    <Suspense fallback={<Spinner className="p-4" />}>
      <ActivityFeedPanel
        // Another target is another feed: its composer and open editors start afresh.
        key={`${offerId ?? ''}-${applicantId ?? ''}`}
        target={{ offer_id: offerId ?? null, applicant_id: applicantId ?? null }}
        viewer={{ id: me.id, firstname: me.firstname, lastname: me.lastname, img_src: me.img_src ?? null }}
        source={source}
        className={className}
      />
    </Suspense>
  );
}

/** Whether the signed-in user may see activity feeds (the offer screen shows its tab only then). */
export function useCanSeeActivityFeed(): boolean {
  return useCan()(SEE_ACTIVITY_FEED);
}
