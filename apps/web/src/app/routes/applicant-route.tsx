import { useParams } from 'react-router';
import { ApplicantPage } from '../../features/applicants/components/applicant-page.tsx';
import { useCan } from '../session/use-current-user.ts';
import { NotFoundRoute } from './not-found-route.tsx';

/** `/applicants/{applicantId}` (optional `?application={applicationId}` puts that application in focus). */
export function ApplicantRoute() {
  const { applicantId: raw } = useParams();
  const can = useCan();
  const applicantId = raw && /^[1-9]\d*$/.test(raw) ? Number(raw) : null;
  if (applicantId === null) return <NotFoundRoute />;
  return (
    <ApplicantPage
      key={applicantId}
      applicantId={applicantId}
      permissions={{ edit: can('project_application.edit'), askDocuments: can('project_application.ask_documents') }}
    />
  );
}
