import { lazy, Suspense, useId, type ReactNode, type RefObject } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Language } from '@embauche/contracts/constants';
import { errorCodes } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { translateErrorCode } from '../../../lib/error-message.ts';
import type { MailVisualEditorHandle } from './mail-visual-editor.tsx';
import { mergeToken } from './merge-field-menu.tsx';

// grapesjs, its MJML preset and its styles: fetched when the visual editor first opens, never with another page.
const MailVisualEditor = lazy(() => import('./mail-visual-editor.tsx'));

type Props = {
  language: Language;
  mode: 'visual' | 'code';
  /** The MJML the visual editor starts from. */
  mjml: string;
  /** The code field, registered with the form. */
  codeField: UseFormRegisterReturn;
  error: FieldError | undefined;
  handleRef: RefObject<MailVisualEditorHandle | null>;
  onChange: (mjml: string) => void;
  onLoad: (mjml: string) => void;
  onTyping: () => void;
  /** The body's own buttons (merge fields, code view), shown beside its name. */
  actions: ReactNode;
  /** Shown under the name (why a phone edits the code). */
  note?: string | undefined;
  /** The merge field the code's hint shows as an example (a candidate's first name by default). */
  example?: string | undefined;
};

/**
 * A language's body: grapesjs's visual editor, or its MJML code in a text area (the keyboard's and
 * the phone's way to write it); errors under it, in the language of the interface.
 */
export function MailBodyField(props: Props) {
  const { t } = useTranslation(['mail', 'grapesjs', 'errors']);
  const id = useId();
  const codes = errorCodes(props.error);
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const messages = codes.length ? (
    <div id={messageId} className="flex flex-col gap-0.5 text-sm text-red-700">
      {codes.map((code) => (
        <p key={code}>{translateErrorCode(t, code)}</p>
      ))}
    </div>
  ) : null;
  const heading = (
    <div className="flex flex-wrap items-center justify-between gap-2">
      {props.mode === 'code' ? (
        <label
          htmlFor={`${id}-code`}
          className={
            codes.length ? 'text-sm font-medium text-red-700' : 'text-sm font-medium text-slate-800'
          }
        >
          {t('mail:editor.code_label')}
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        </label>
      ) : (
        <h3
          id={`${id}-title`}
          className={
            codes.length ? 'text-sm font-medium text-red-700' : 'text-sm font-medium text-slate-800'
          }
        >
          {t('mail:editor.body')}
        </h3>
      )}
      <div className="flex flex-wrap gap-2">{props.actions}</div>
    </div>
  );
  if (props.mode === 'code') {
    return (
      <div className="flex flex-col gap-1.5">
        {heading}
        {props.note ? <p className="text-sm text-slate-700">{props.note}</p> : null}
        <textarea
          id={`${id}-code`}
          rows={18}
          spellCheck={false}
          aria-invalid={codes.length > 0}
          aria-required
          aria-describedby={[codes.length ? messageId : null, hintId].filter(Boolean).join(' ')}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-900 shadow-sm focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-invalid:border-red-600"
          {...props.codeField}
        />
        <p id={hintId} className="text-xs text-slate-600">
          {t('mail:editor.code_hint', {
            example: mergeToken(props.example ?? 'candidate.firstname'),
          })}
        </p>
        {messages}
      </div>
    );
  }
  return (
    <section
      aria-labelledby={`${id}-title`}
      aria-describedby={codes.length ? messageId : undefined}
      className="flex flex-col gap-1.5"
    >
      {heading}
      {messages}
      <Suspense
        fallback={
          <div className="flex h-[34rem] items-center justify-center rounded-lg border border-slate-300 bg-white">
            <Spinner label={t('grapesjs:loading')} />
          </div>
        }
      >
        <MailVisualEditor
          key={props.language}
          mjml={props.mjml}
          contentLanguage={props.language}
          handleRef={props.handleRef}
          onChange={props.onChange}
          onLoad={props.onLoad}
          onTyping={props.onTyping}
        />
      </Suspense>
    </section>
  );
}
