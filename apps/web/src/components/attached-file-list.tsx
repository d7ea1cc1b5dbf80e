import { FileText, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../lib/format-bytes.ts';

type Props = { files: File[]; /** Takes the file at `index` out of the list. */ onRemove: (index: number) => void };

/** The files chosen for a comment before it is sent: name, size and a button removing each. Nothing when there is none. */
export function AttachedFileList({ files, onRemove }: Props) {
  const { t, i18n } = useTranslation('activityFeed');
  if (!files.length) return null;
  return (
    <ul aria-label={t('activityFeed:composer.files_label')} className="flex flex-col gap-1">
      {files.map((file, index) => (
        <li key={`${file.name}-${index}`} className="flex min-w-0 items-center gap-2 rounded-md border border-slate-200 bg-white px-2 py-1 text-sm">
          <FileText aria-hidden="true" className="size-4 shrink-0 text-slate-600" />
          <span className="min-w-0 flex-1 truncate text-slate-900">{file.name}</span>
          <span className="shrink-0 text-xs text-slate-600">{formatBytes(file.size, i18n.language)}</span>
          <button
            type="button"
            aria-label={t('activityFeed:composer.remove_file', { name: file.name })}
            onClick={() => onRemove(index)}
            className="rounded p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </li>
      ))}
    </ul>
  );
}
