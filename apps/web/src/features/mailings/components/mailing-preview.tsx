import { useId, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useMailingPreview } from '../api/preview-mailing.ts';
import { previewContent, type MailingForm } from '../lib/mailing-form.ts';
import {
  previewRecipient,
  recipientKey,
  type MailingRecipient,
} from '../lib/mailing-recipients.ts';

/** A text being typed is previewed once the typing pauses. */
const TYPING_PAUSE_MS = 600;

type Props = { control: Control<MailingForm>; recipients: MailingRecipient[] };

/**
 * The e-mail as one of the recipients will read it (`POST /mailings/preview`): its subject, its
 * HTML in a frame that may run nothing (`sandbox=""`) and its text part. Shown on demand; it
 * follows the chosen recipient and the content.
 */
export function MailingPreview({ control, recipients }: Props) {
  const { t } = useTranslation(['multicast', 'errors']);
  const id = useId();
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);
  const [mode, modelId, subject, body] = useWatch({
    control,
    name: ['mode', 'model_id', 'subject', 'body'],
  });
  // Strings, compared by value: an object would be new at every render and never settle.
  const typedSubject = useDebouncedValue(subject, TYPING_PAUSE_MS);
  const typedBody = useDebouncedValue(body, TYPING_PAUSE_MS);
  const content = previewContent({
    mode,
    model_id: modelId,
    subject: typedSubject,
    body: typedBody,
  });
  const recipient = recipients[Math.min(index, recipients.length - 1)];
  const preview = useMailingPreview(
    open && content && recipient ? { ...previewRecipient(recipient), ...content } : null,
  );
  const failure = preview.error;
  const codes =
    isApiError(failure) && failure.status === 422 ? Object.values(failure.errors ?? {}).flat() : [];

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          {t('multicast:preview.title')}
        </h3>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen(!open)}
        >
          {open ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          {open ? t('multicast:preview.hide') : t('multicast:preview.show')}
        </Button>
      </div>
      <div id={`${id}-panel`} hidden={!open} className="flex min-w-0 flex-col gap-3">
        {open ? (
          <>
            {recipients.length > 1 ? (
              <div className="flex min-w-0 flex-col gap-1.5">
                <label htmlFor={`${id}-recipient`} className="text-sm font-medium text-slate-800">
                  {t('multicast:preview.recipient')}
                </label>
                <Select
                  id={`${id}-recipient`}
                  value={String(index)}
                  onChange={(event) => setIndex(Number(event.target.value))}
                >
                  {recipients.map((r, i) => (
                    <option key={recipientKey(r)} value={String(i)}>
                      {r.name}
                    </option>
                  ))}
                </Select>
              </div>
            ) : null}
            {!content ? (
              <p className="text-sm text-slate-700">{t('multicast:preview.need_content')}</p>
            ) : null}
            {content && preview.isLoading ? (
              <Spinner label={t('multicast:preview.loading')} />
            ) : null}
            {content && failure ? (
              <div role="alert" className="flex flex-col gap-0.5 text-sm text-red-700">
                {codes.length ? (
                  codes.map((code) => <p key={code}>{translateErrorCode(t, code)}</p>)
                ) : (
                  <p>{t('multicast:preview.error')}</p>
                )}
              </div>
            ) : null}
            {content && preview.data && recipient ? (
              <div className="flex min-w-0 flex-col gap-3" aria-busy={preview.isFetching}>
                <dl className="flex flex-col gap-0.5 text-sm">
                  <dt className="font-medium text-slate-700">{t('multicast:preview.subject')}</dt>
                  <dd className="break-words text-slate-900">{preview.data.subject}</dd>
                </dl>
                <iframe
                  title={t('multicast:preview.frame', { name: recipient.name })}
                  sandbox=""
                  srcDoc={preview.data.html}
                  className="h-72 w-full rounded-lg border border-slate-200 bg-white sm:h-96"
                />
                <details className="group text-sm">
                  <summary className="cursor-pointer font-medium text-slate-800">
                    {t('multicast:preview.text')}
                  </summary>
                  <pre
                    // A focusable region needs a name.
                    role="region"
                    aria-label={t('multicast:preview.text')}
                    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a long text scrolls: the keyboard must reach it.
                    tabIndex={0}
                    className="mt-2 max-h-60 overflow-auto whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-white p-3 font-sans text-sm text-slate-900"
                  >
                    {preview.data.text}
                  </pre>
                </details>
              </div>
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  );
}
