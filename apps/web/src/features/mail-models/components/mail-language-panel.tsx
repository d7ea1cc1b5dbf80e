import { useRef, useState, type RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Code, Eye, Send, Trash2 } from 'lucide-react';
import type { Language } from '@embauche/contracts/constants';
import type { TMailKind } from '@embauche/contracts/mail-models';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import type { MailModelFormInput, MailModelFormValues } from '../lib/mail-model-form.ts';
import { MailBodyField } from './mail-body-field.tsx';
import type { MailVisualEditorHandle } from './mail-visual-editor.tsx';
import { MergeFieldMenu, mergeToken } from './merge-field-menu.tsx';

type Form = UseFormReturn<MailModelFormInput, unknown, MailModelFormValues>;

type Props = {
  form: Form;
  language: Language;
  languageName: string;
  kind: TMailKind;
  /** Phones edit the code only. */
  phone: boolean;
  mode: 'visual' | 'code';
  onModeChange: (mode: 'visual' | 'code') => void;
  handleRef: RefObject<MailVisualEditorHandle | null>;
  onBodyLoad: (mjml: string) => void;
  onTyping: () => void;
  /** Null when another language cannot go (the last one). */
  onRemove: (() => void) | null;
  onPreview: () => void;
  previewing: boolean;
  /** The saved model's test send for this language; null before this language is saved. */
  onSendTest: (() => void) | null;
  sendingTest: boolean;
  /** A message for the user (a merge field needs a selected text first). */
  notify: (message: string) => void;
};

/** One language of the model: its subject with the merge-field picker, its body, preview and test. */
export function MailLanguagePanel(props: Props) {
  const { t } = useTranslation(['mail', 'grapesjs']);
  const { form, language } = props;
  const subjectPath = `contents.${language}.subject` as const;
  const mjmlPath = `contents.${language}.mjml` as const;
  const errors = form.formState.errors.contents?.[language];
  const subjectRef = useRef<HTMLInputElement | null>(null);
  const codeRef = useRef<HTMLTextAreaElement | null>(null);
  const [removing, setRemoving] = useState(false);
  const { ref: registerSubject, ...subjectField } = form.register(subjectPath);
  const codeField = form.register(mjmlPath);

  const visual = props.mode === 'visual' && !props.phone;
  const insertInSubject = (name: string) => {
    const token = mergeToken(name);
    const input = subjectRef.current;
    const value = form.getValues(subjectPath) ?? '';
    const start = input?.selectionStart ?? value.length;
    const end = input?.selectionEnd ?? start;
    form.setValue(subjectPath, value.slice(0, start) + token + value.slice(end), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
    // The caret goes after the field once the menu has given the focus back to the input.
    requestAnimationFrame(() =>
      input?.setSelectionRange(start + token.length, start + token.length),
    );
  };
  const insertInBody = (name: string) => {
    const token = mergeToken(name);
    if (visual) {
      if (!props.handleRef.current?.insertText(token))
        props.notify(t('mail:editor.select_text_first'));
      return;
    }
    const area = codeRef.current;
    const value = form.getValues(mjmlPath) ?? '';
    const start = area?.selectionStart ?? value.length;
    const end = area?.selectionEnd ?? start;
    form.setValue(mjmlPath, value.slice(0, start) + token + value.slice(end), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
    requestAnimationFrame(() =>
      area?.setSelectionRange(start + token.length, start + token.length),
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <FormField label={t('mail:editor.subject')} required error={errors?.subject}>
        {(control) => (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <Input
              {...control}
              {...subjectField}
              ref={(element) => {
                registerSubject(element);
                subjectRef.current = element;
              }}
              autoComplete="off"
              className="sm:flex-1"
            />
            <div className="self-end sm:self-auto">
              <MergeFieldMenu
                kind={props.kind}
                label={t('mail:editor.insert_in_subject')}
                onPick={insertInSubject}
                focusAfter={() => subjectRef.current}
              />
            </div>
          </div>
        )}
      </FormField>
      <MailBodyField
        language={language}
        mode={visual ? 'visual' : 'code'}
        mjml={form.getValues(mjmlPath) ?? ''}
        codeField={{
          ...codeField,
          ref: (element: HTMLTextAreaElement | null) => {
            codeField.ref(element);
            codeRef.current = element;
          },
        }}
        error={errors?.mjml}
        handleRef={props.handleRef}
        onChange={(mjml) => form.setValue(mjmlPath, mjml, { shouldDirty: true })}
        onLoad={props.onBodyLoad}
        onTyping={props.onTyping}
        note={props.phone ? t('mail:editor.phone_hint') : undefined}
        actions={
          <>
            <MergeFieldMenu
              kind={props.kind}
              label={t(visual ? 'mail:editor.insert_in_body' : 'mail:editor.insert_in_code')}
              onPick={insertInBody}
              focusAfter={() => (visual ? null : codeRef.current)}
              keepEditing={visual}
            />
            {props.phone ? null : (
              <Button
                variant={props.mode === 'code' ? 'secondary' : 'outline'}
                size="sm"
                aria-pressed={props.mode === 'code'}
                onClick={() => props.onModeChange(props.mode === 'code' ? 'visual' : 'code')}
              >
                <Code aria-hidden="true" />
                {t('mail:editor.code_mode')}
              </Button>
            )}
          </>
        }
      />
      <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={props.onPreview} disabled={props.previewing}>
            <Eye aria-hidden="true" />
            {t('mail:editor.preview')}
          </Button>
          <Button
            variant="outline"
            onClick={props.onSendTest ?? undefined}
            disabled={!props.onSendTest || props.sendingTest}
            aria-describedby={`test-hint-${language}`}
          >
            <Send aria-hidden="true" />
            {t('mail:editor.send_test')}
          </Button>
        </div>
        {props.onRemove ? (
          <Button
            variant="ghost"
            onClick={() => setRemoving(true)}
            className="self-start text-red-700 sm:self-auto"
          >
            <Trash2 aria-hidden="true" />
            {t('mail:editor.remove_language', { language: props.languageName })}
          </Button>
        ) : null}
      </div>
      <p id={`test-hint-${language}`} className="-mt-2 text-xs text-slate-600">
        {props.onSendTest
          ? t('mail:editor.test_hint', { language: props.languageName })
          : t('mail:editor.test_needs_save')}
      </p>
      {removing && props.onRemove ? (
        <AlertDialog
          open
          onOpenChange={(open) => (open ? undefined : setRemoving(false))}
          title={t('mail:editor.remove_title', { language: props.languageName })}
          description={t('mail:editor.remove_description')}
          confirmLabel={t('mail:editor.remove_confirm')}
          destructive
          onConfirm={() => {
            setRemoving(false);
            props.onRemove?.();
          }}
        />
      ) : null}
    </div>
  );
}
