import { useParams } from 'react-router';
import { FeedEntry } from '../../features/activity-feed/components/feed-entry.tsx';
import { useNow } from '../../features/activity-feed/hooks/use-now.ts';
import { CvViewer } from '../../features/applicants/components/cv-viewer.tsx';
import { SharedLinkInvalid } from '../../features/shared-view/components/shared-link-invalid.tsx';
import { SharedViewPage } from '../../features/shared-view/components/shared-view-page.tsx';

/**
 * `/shared/{token}/…` (the e-mailed link ends in `/applicant` or `/application`): the public page
 * of a shared link, no session. It borrows the applicant screen's CV viewer and the activity feed's
 * way of drawing a comment; nothing of theirs that calls the signed-in API.
 */
export function SharedRoute() {
  const { token } = useParams();
  const now = useNow();
  if (!token) return <SharedLinkInvalid />;
  return (
    <SharedViewPage
      key={token}
      token={token}
      cv={(cv, name) => <CvViewer cv={cv} name={name} />}
      entry={(entry, { actions, children, className }) => (
        <FeedEntry entry={entry} now={now} actions={actions} className={className}>
          {children}
        </FeedEntry>
      )}
    />
  );
}
