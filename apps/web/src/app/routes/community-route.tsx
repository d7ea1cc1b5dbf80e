import { CommunityPage } from '../../features/community/components/community-page.tsx';

/** `/community` (spec 2: any signed-in user): the talent community's members. */
export function CommunityRoute() {
  return <CommunityPage />;
}
