import { useState, type FormEvent } from 'react';
import { CircleCheck, LinkIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CV_MIMES } from '@embauche/contracts/applicants';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FileDropZone } from '../../../components/ui/file-drop-zone.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { errorStatus, isApiError } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/dates.ts';
import { UPLOAD_MAX_MB, fileSizeError } from '../../../lib/upload-limit.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDocumentUpload } from '../api/get-document-upload.ts';
import { useUploadDocuments } from '../api/upload-documents.ts';
import { documentTypeLabel } from '../lib/document-type-label.ts';

const ACCEPT = [...CV_MIMES, '.pdf', '.doc', '.docx', '.odt', '.rtf', '.txt', '.jpg', '.jpeg', '.png'].join(',');

/** The applicant's page behind the e-mailed link: what the company asks for, one drop zone per document. */
export function DocumentUploadPage({ token }: { token: string }) {
  const { t, i18n } = useTranslation(['applicant', 'common', 'errors']);
  const errorMessage = useApiErrorMessage();
  const query = useDocumentUpload(token);
  const upload = useUploadDocuments(token);
  const [files, setFiles] = useState<Map<number, File>>(new Map());
  const [fieldErrors, setFieldErrors] = useState<Record<number, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sentCount, setSentCount] = useState(0);
  useDocumentTitle(t('applicant:upload.title'));

  if (query.isPending) return <FullPageSpinner />;
  if (query.isError) {
    if (errorStatus(query.error) === 404) {
      return <EmptyState headingLevel="h1" icon={LinkIcon} title={t('applicant:upload.invalid_title')} subtitle={t('applicant:upload.invalid_subtitle')} />;
    }
    return <EmptyState headingLevel="h1" title={t('common:error')} />;
  }
  const info = query.data;
  const pending = info.documents.filter((d) => !d.uploaded);

  const choose = (typeId: number, file: File | null) => {
    setSentCount(0);
    setFormError(null);
    const issue = file ? fileSizeError(file) : null;
    setFieldErrors((current) => ({ ...current, [typeId]: issue ? [issue] : [] }));
    setFiles((current) => {
      const next = new Map(current);
      if (file && !issue) next.set(typeId, file);
      else next.delete(typeId);
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!files.size) return setFormError(t('applicant:upload.choose_one'));
    try {
      await upload.mutateAsync(files);
      setSentCount(files.size);
      setFiles(new Map());
      setFieldErrors({});
    } catch (error) {
      const errors = isApiError(error) ? (error.errors ?? {}) : {};
      const byType: Record<number, string[]> = {};
      for (const [field, codes] of Object.entries(errors)) {
        const match = /^document_(\d+)$/.exec(field);
        if (match) byType[Number(match[1])] = codes;
      }
      setFieldErrors(byType);
      if (isApiError(error) && error.code === 'already_uploaded') {
        setFormError(t('applicant:upload.already_sent'));
        void query.refetch();
      } else if (!Object.keys(byType).length) setFormError(errorMessage(error));
    }
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('applicant:upload.heading', { company: info.company })}</h1>
        <p className="mt-2 text-sm text-slate-700">{t('applicant:upload.intro', { firstname: info.firstname, company: info.company })}</p>
        <p className="mt-1 text-sm text-slate-600">{t('applicant:upload.expires', { date: formatDate(info.expires_at, 'long', i18n.language) })}</p>
      </div>
      {sentCount ? (
        <p role="status" className="flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm text-emerald-900">
          <CircleCheck aria-hidden="true" className="size-4" />
          {pending.length ? t('applicant:upload.sent', { count: sentCount }) : t('applicant:upload.all_sent')}
        </p>
      ) : null}
      <ul aria-label={t('applicant:upload.asked')} className="flex flex-col gap-2">
        {info.documents.map((doc) => (
          <li key={doc.id} className="flex items-center justify-between rounded-lg border border-slate-200 bg-white px-4 py-2.5 text-sm">
            <span className="font-medium text-slate-900">{documentTypeLabel(t, doc)}</span>
            {doc.uploaded ? (
              <span className="flex items-center gap-1 text-emerald-800">
                <CircleCheck aria-hidden="true" className="size-4" />
                {t('applicant:upload.received')}
              </span>
            ) : (
              <span className="text-slate-600">{t('applicant:upload.waiting')}</span>
            )}
          </li>
        ))}
      </ul>
      {pending.length ? (
        <form noValidate onSubmit={submit} className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <FormAlert message={formError} />
          {pending.map((doc) => {
            const codes = fieldErrors[doc.id] ?? [];
            return (
              <FormField
                key={doc.id}
                label={documentTypeLabel(t, doc)}
                hint={t('applicant:upload.hint', { count: UPLOAD_MAX_MB })}
                error={codes.length ? { type: 'server', message: codes[0], types: Object.fromEntries(codes.map((c, i) => [`c${i}`, c])) } : undefined}
              >
                {(control) => <FileDropZone control={control} file={files.get(doc.id) ?? null} onFileChange={(file) => choose(doc.id, file)} accept={ACCEPT} disabled={upload.isPending} />}
              </FormField>
            );
          })}
          <Button type="submit" className="self-end" disabled={upload.isPending}>
            {t('applicant:upload.submit')}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
