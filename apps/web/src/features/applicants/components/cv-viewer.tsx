import { useQuery } from '@tanstack/react-query';
import { Download, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TApplicantDetail } from '@embauche/contracts/applicants';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { LazyPdfViewer } from './lazy-pdf-viewer.tsx';

/** Also a shared link's CV, which has the file's fields only. */
type Props = { cv: Pick<NonNullable<TApplicantDetail['cv']>, 'url' | 'filename' | 'mime'>; name: string };

function TextCv({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation('applicant');
  const query = useQuery({
    queryKey: ['cv-text', url],
    queryFn: async ({ signal }) => {
      const response = await fetch(url, { credentials: 'same-origin', signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.text();
    },
    staleTime: 5 * 60 * 1000,
  });
  if (query.isPending) return <Spinner />;
  if (query.isError) return <p className="text-sm text-slate-700">{t('applicant:cv.error')}</p>;
  return (
    // Scrollable: focusable so that the keyboard can scroll it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <pre tabIndex={0} aria-label={label} className="max-h-[80vh] overflow-auto whitespace-pre-wrap rounded-lg border border-slate-200 bg-slate-50 p-4 font-sans text-sm text-slate-800">
      {query.data}
    </pre>
  );
}

/** The CV as the browser can show it: PDF through pdf.js, images and text as they are, other kinds as a download. */
export function CvViewer({ cv, name }: Props) {
  const { t } = useTranslation('applicant');
  const label = t('applicant:cv.of', { name });
  const download = (
    <a href={cv.url} download={cv.filename} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
      <Download aria-hidden="true" />
      {t('applicant:cv.download', { filename: cv.filename })}
    </a>
  );
  if (cv.mime === 'application/pdf') return <LazyPdfViewer key={cv.url} url={cv.url} filename={cv.filename} label={label} />;
  if (cv.mime.startsWith('image/')) {
    return (
      <div className="flex flex-col gap-2">
        <div className="self-end">{download}</div>
        <img src={cv.url} alt={label} className="max-h-[80vh] w-full rounded-lg border border-slate-200 object-contain" />
      </div>
    );
  }
  if (cv.mime === 'text/plain') {
    return (
      <div className="flex flex-col gap-2">
        <div className="self-end">{download}</div>
        <TextCv url={cv.url} label={label} />
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center">
      <FileText aria-hidden="true" className="size-8 text-slate-500" />
      <p className="text-sm text-slate-700">{t('applicant:cv.no_preview', { filename: cv.filename })}</p>
      {download}
    </div>
  );
}
