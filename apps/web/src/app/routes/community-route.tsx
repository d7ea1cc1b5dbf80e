import { CommunityPage } from '../../features/community/components/community-page.tsx';
import { useMembersMailing } from '../components/mailing-actions.tsx';

/**
 * `/community` (spec 2: any signed-in user): the talent community's members; a selection may be
 * written to (the e-mail dialog) by holders of project_application.email.
 */
export function CommunityRoute() {
  return <CommunityPage mailing={useMembersMailing()} />;
}
