import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MAILING_ATTACHMENTS_MAX, MAILING_ATTACHMENTS_MAX_MB } from '@embauche/contracts/mailings';
import { AttachFilesButton } from '../../../components/attach-files-button.tsx';
import { AttachedFileList } from '../../../components/attached-file-list.tsx';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { fileSizeError } from '../../../lib/upload-limit.ts';

/** Why these files cannot go (an error code of the errors namespace), or null. */
export function attachmentsError(files: File[]): string | null {
  if (files.length > MAILING_ATTACHMENTS_MAX) return `max_items:${MAILING_ATTACHMENTS_MAX}`;
  const tooLarge = files.map(fileSizeError).find(Boolean);
  if (tooLarge) return tooLarge;
  const total = files.reduce((sum, f) => sum + f.size, 0);
  return total > MAILING_ATTACHMENTS_MAX_MB * 1024 * 1024
    ? `max_size:${MAILING_ATTACHMENTS_MAX_MB}`
    : null;
}

type Props = {
  files: File[];
  onChange: (files: File[]) => void;
  /** An error code (attachmentsError's, or the server's `attachments` code). */
  error: string | null;
};

/** The files sent with every e-mail: chosen, listed with their size, removed one by one. */
export function MailingAttachmentsField({ files, onChange, error }: Props) {
  const { t } = useTranslation(['multicast', 'errors']);
  const id = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={`${id}-hint`}>
      <legend className="mb-1 text-sm font-medium text-slate-800">
        {t('multicast:attachments.legend')}
      </legend>
      <p id={`${id}-hint`} className="text-sm text-slate-700">
        {t('multicast:attachments.hint', {
          count: MAILING_ATTACHMENTS_MAX,
          size: MAILING_ATTACHMENTS_MAX_MB,
        })}
      </p>
      <AttachedFileList files={files} onRemove={(i) => onChange(files.filter((_, j) => j !== i))} />
      <div>
        <AttachFilesButton
          variant="outline"
          describedBy={error ? `${id}-error` : undefined}
          onFiles={(list) => onChange([...files, ...Array.from(list ?? [])])}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {translateErrorCode(t, error)}
        </p>
      ) : null}
    </fieldset>
  );
}
