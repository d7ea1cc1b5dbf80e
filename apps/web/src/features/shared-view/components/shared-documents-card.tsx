import { useTranslation } from 'react-i18next';
import type { TApplicantDocument } from '@embauche/contracts/applicants';
import { DocumentList } from '../../../components/document-list.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

type Props = { documents: TApplicantDocument[] | null | undefined; loading?: boolean; failed?: boolean };

/** With `documents`: each file to open in a new tab or to download, through the link's own URLs. */
export function SharedDocumentsCard({ documents, loading, failed }: Props) {
  const { t } = useTranslation(['shared', 'applicant', 'common']);
  return (
    <Card title={t('shared:view.documents.title')}>
      {loading ? (
        <Spinner />
      ) : failed ? (
        <p role="alert" className="text-sm text-red-700">
          {t('common:error')}
        </p>
      ) : !documents?.length ? (
        <p className="text-sm text-slate-600">{t('shared:view.documents.none')}</p>
      ) : (
        <DocumentList documents={documents} label={t('shared:view.documents.title')} />
      )}
    </Card>
  );
}
