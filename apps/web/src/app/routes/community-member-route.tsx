import { useParams } from 'react-router';
import { CommunityMemberPage } from '../../features/community/components/community-member-page.tsx';
import { useCan } from '../session/use-current-user.ts';
import { NotFoundRoute } from './not-found-route.tsx';

const POSITIVE = /^[1-9]\d*$/;

/**
 * `/community/members/{id}`: a member of the talent community; "add to a list" for holders of
 * `project.list` (the lists' own permission), the applicant it became a link with `project_application.see`.
 */
export function CommunityMemberRoute() {
  const { id: raw } = useParams();
  const can = useCan();
  const id = raw && POSITIVE.test(raw) ? Number(raw) : null;
  if (id === null) return <NotFoundRoute />;
  return (
    <CommunityMemberPage
      key={id}
      id={id}
      canAddToList={can('project.list')}
      canSeeApplicants={can('project_application.see')}
      notFound={<NotFoundRoute />}
    />
  );
}
