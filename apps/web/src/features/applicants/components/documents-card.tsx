import { useState } from 'react';
import { Download, ExternalLink, FileText, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/dates.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useAskDocumentsMutation } from '../api/ask-documents.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { useApplicantDocuments } from '../api/get-applicant-documents.ts';
import { useAskDocuments } from '../api/get-ask-documents.ts';
import { documentTypeLabel } from '../lib/document-type-label.ts';
import { AskDocumentsDialog } from './ask-documents-dialog.tsx';

type Props = { applicantId: number; email: string | null; canAsk: boolean };

/** The applicant's documents (open inline or download) and the requested ones with their state. */
export function DocumentsCard({ applicantId, email, canAsk }: Props) {
  const { t, i18n } = useTranslation(['applicant', 'errors']);
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
        <ul aria-label={t('applicant:documents.list')} className="flex flex-col divide-y divide-slate-100">
          {documents.data.map((doc) => (
            <li key={doc.id} className="flex flex-wrap items-center gap-3 py-2">
              <FileText aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{doc.filename}</p>
                <p className="text-xs text-slate-600">
                  {[
                    doc.document_type ? t(`applicant:document_types.${doc.document_type}`, { defaultValue: doc.document_type }) : null,
                    formatBytes(doc.size, i18n.language),
                    formatDate(doc.uploaded_at, undefined, i18n.language),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              <a href={doc.url} target="_blank" rel="noopener" aria-label={t('applicant:documents.open', { filename: doc.filename })} className={buttonVariants({ variant: 'ghost', size: 'icon' })}>
                <ExternalLink aria-hidden="true" />
              </a>
              <a href={doc.url} download={doc.filename} aria-label={t('applicant:documents.download', { filename: doc.filename })} className={buttonVariants({ variant: 'ghost', size: 'icon' })}>
                <Download aria-hidden="true" />
              </a>
            </li>
          ))}
        </ul>
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
