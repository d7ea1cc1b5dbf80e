import { useTranslation } from 'react-i18next';
import type { TCvBundleOperation } from '@embauche/contracts/applicants';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { CvBundleProgress } from './cv-bundle-progress.tsx';

type Props = { operation: TCvBundleOperation | null; onClose: () => void };

/**
 * The CVs of more than 500 applications that match (issue 42): the job that prepares their ZIP, its
 * progress, then what went in and what was left out, and the button that downloads the file until
 * it expires. Closed, the bundle is found again on its page (`/downloads/cv-bundles/{id}`), which
 * the notification sent when it is ready links to.
 */
export function CvBundleDialog({ operation, onClose }: Props) {
  const { t } = useTranslation('application');
  return (
    <Dialog open={operation !== null} onOpenChange={(open) => (open ? undefined : onClose())} title={t('application:cv_bundle.title', { count: operation?.total ?? 0 })}>
      {operation ? <CvBundleProgress operation={operation} /> : null}
    </Dialog>
  );
}
