import { useParams } from 'react-router';
import { DocumentUploadPage } from '../../features/applicants/components/document-upload-page.tsx';
import { NotFoundRoute } from './not-found-route.tsx';

/** `/documents-upload/{token}`: the public page behind the document-request e-mail (no session). */
export function DocumentsUploadRoute() {
  const { token } = useParams();
  if (!token) return <NotFoundRoute />;
  return <DocumentUploadPage key={token} token={token} />;
}
