import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMailPreview } from '@embauche/contracts/mail-models';
import { Dialog } from '../../../components/ui/dialog.tsx';

type Props = {
  /** A signature's preview has no subject. */
  preview: Omit<TMailPreview, 'subject'> & { subject?: string | undefined };
  languageName: string;
  onClose: () => void;
  /** The dialog's title and hint, when it is not a model's preview. */
  title?: string | undefined;
  description?: string | undefined;
};

/**
 * A content compiled and filled with sample data by the server: its subject, its HTML in a frame
 * that may run nothing (`sandbox=""`: no script, no form, no same-origin access) and its text part.
 */
export function MailPreviewDialog({ preview, languageName, onClose, title, description }: Props) {
  const { t } = useTranslation('mail');
  const id = useId();
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title ?? t('mail:editor.preview_title', { language: languageName })}
      description={description ?? t('mail:editor.preview_hint')}
      className="max-w-3xl"
      focusDialog
    >
      <div className="flex flex-col gap-4">
        {preview.subject === undefined ? null : (
          <dl className="flex flex-col gap-1 text-sm">
            <dt className="font-medium text-slate-700">{t('mail:editor.preview_subject')}</dt>
            <dd className="break-words text-slate-900">{preview.subject}</dd>
          </dl>
        )}
        <iframe
          title={t('mail:editor.preview_frame')}
          sandbox=""
          srcDoc={preview.html}
          className="h-[28rem] w-full rounded-lg border border-slate-200 bg-white"
        />
        <section aria-labelledby={`${id}-text`} className="flex flex-col gap-1.5">
          <h3 id={`${id}-text`} className="text-sm font-medium text-slate-700">
            {t('mail:editor.preview_text')}
          </h3>
          <pre
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a long text scrolls: the keyboard must reach it.
            tabIndex={0}
            aria-labelledby={`${id}-text`}
            className="max-h-60 overflow-auto whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-slate-50 p-3 font-sans text-sm text-slate-900"
          >
            {preview.text}
          </pre>
        </section>
      </div>
    </Dialog>
  );
}
