import { useParams } from 'react-router';
import { CvBundlePage } from '../../features/applications/components/cv-bundle-page.tsx';
import { NotFoundRoute } from './not-found-route.tsx';

const POSITIVE = /^[1-9]\d*$/;

/** `/downloads/cv-bundles/{id}`: a ZIP of CVs prepared by a job, its progress and its file (issue 42). */
export function CvBundleRoute() {
  const { id: raw } = useParams();
  const id = raw && POSITIVE.test(raw) ? Number(raw) : null;
  if (id === null) return <NotFoundRoute />;
  return <CvBundlePage key={id} id={id} notFound={<NotFoundRoute />} />;
}
