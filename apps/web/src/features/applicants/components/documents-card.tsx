import { useState } from 'react';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { DocumentList } from '../../../components/document-list.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useAskDocumentsMutation } from '../api/ask-documents.ts';
import { useApplicantDocuments } from '../api/get-applicant-documents.ts';
import { useAskDocuments } from '../api/get-ask-documents.ts';
import { documentTypeLabel } from '../lib/document-type-label.ts';
import { AskDocumentsDialog } from './ask-documents-dialog.tsx';

type Props = { applicantId: number; email: string | null; canAsk: boolean };

/** The applicant's documents (open inline or download) and the requested ones with their state. */
export function DocumentsCard({ applicantId, email, canAsk }: Props) {
  const { t } = useTranslation(['applicant', 'errors']);
  const documents = useApplicantDocuments(applicantId);
  const asked = useAskDocuments(applicantId);
  const [asking, setAsking] = useState(false);
  const errorMessage = useApiErrorMessage();
  const ask = useAskDocumentsMutation();
  const request = (documentIds: number[]) =>
    ask.mutate(
      { applicant_id: applicantId, document_ids: documentIds },
      {
        onSuccess: () => toast.success(t('applicant:ask.sent', { email, count: documentIds.length })),
        onError: (error) => {
          const code = isApiError(error) ? Object.values(error.errors ?? {})[0]?.[0] : undefined;
          toast.error(code ? translateErrorCode(t, code) : errorMessage(error));
        },
      },
    );
  const requested = (asked.data ?? []).filter((item) => item.sended || item.received);
  return (
    <Card
      title={t('applicant:documents.title')}
      actions={
        canAsk ? (
          <Button
            variant="outline"
            size="sm"
            /* On a phone the label wraps rather than pushing the card wider than the screen. */
            className="h-auto min-h-8 whitespace-normal py-1.5 text-left"
            disabled={!email || !asked.data}
            title={email ? undefined : t('applicant:documents.no_email')}
            onClick={() => setAsking(true)}
          >
            <Send aria-hidden="true" />
            {t('applicant:documents.ask')}
          </Button>
        ) : null
      }
    >
      {documents.isPending ? (
        <Spinner />
      ) : !documents.data?.length ? (
        <p className="text-sm text-slate-600">{t('applicant:documents.none')}</p>
      ) : (
        <DocumentList documents={documents.data} label={t('applicant:documents.list')} />
      )}
      {requested.length ? (
        <div className="mt-4 border-t border-slate-100 pt-3">
          <h3 className="text-sm font-semibold text-slate-900">{t('applicant:documents.requests')}</h3>
          <ul aria-label={t('applicant:documents.requests')} className="mt-2 flex flex-wrap gap-2">
            {requested.map((item) => (
              <li key={item.id} className="flex items-center gap-1.5 text-sm text-slate-800">
                {documentTypeLabel(t, item)}
                <Badge tone={item.received ? 'success' : 'warning'}>{item.received ? t('applicant:documents.received') : t('applicant:documents.sent')}</Badge>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {asking && asked.data && email ? (
        <AskDocumentsDialog email={email} items={asked.data} onClose={() => setAsking(false)} onSubmit={request} />
      ) : null}
    </Card>
  );
}
