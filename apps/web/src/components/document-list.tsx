import { Download, ExternalLink, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TApplicantDocument } from '@embauche/contracts/applicants';
import { formatDate } from '../lib/dates.ts';
import { formatBytes } from '../lib/format-bytes.ts';
import { buttonVariants } from './ui/button.tsx';

type Props = { documents: TApplicantDocument[]; /** The list's accessible name. */ label: string };

/**
 * An applicant's documents, one row each: the file's name, type, size and date, a link opening it
 * in a new tab and one downloading it (through the document's own URL: the app's, or a shared link's).
 */
export function DocumentList({ documents, label }: Props) {
  const { t, i18n } = useTranslation('applicant');
  return (
    <ul aria-label={label} className="flex flex-col divide-y divide-slate-100">
      {documents.map((doc) => (
        <li key={doc.id} className="flex items-center gap-3 py-2">
          <FileText aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
          <div className="min-w-0 flex-1">
            <p className="break-words text-sm font-medium text-slate-900 [overflow-wrap:anywhere]">{doc.filename}</p>
            <p className="text-xs text-slate-600">
              {[
                doc.document_type ? t(`applicant:document_types.${doc.document_type}`, { defaultValue: doc.document_type }) : null,
                formatBytes(doc.size, i18n.language),
                formatDate(doc.uploaded_at, 'date', i18n.language),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
          <a href={doc.url} target="_blank" rel="noopener noreferrer" aria-label={t('applicant:documents.open', { filename: doc.filename })} className={buttonVariants({ variant: 'ghost', size: 'icon' })}>
            <ExternalLink aria-hidden="true" />
          </a>
          <a href={doc.url} download={doc.filename} aria-label={t('applicant:documents.download', { filename: doc.filename })} className={buttonVariants({ variant: 'ghost', size: 'icon' })}>
            <Download aria-hidden="true" />
          </a>
        </li>
      ))}
    </ul>
  );
}
