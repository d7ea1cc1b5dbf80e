import { useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Code, Copy, Eye, FilePlus, Plus, Trash2 } from 'lucide-react';
import { LANGUAGES, type Language } from '@embauche/contracts/constants';
import {
  SIGNATURE_MERGE_FIELDS,
  type TMailSignature,
  type TMailSignatureInput,
  type TMailSignaturePreview,
} from '@embauche/contracts/mail-signatures';
import { FormAlert } from '../../../components/form-alert.tsx';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useIsMobile } from '../../../lib/use-media-query.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { usePreviewSignature } from '../api/preview-signature.ts';
import {
  SIGNATURE_SERVER_FIELDS,
  SIGNATURE_SKELETON,
  ZSignatureForm,
  signatureFormValues,
  toSignatureInput,
  type SignatureFormInput,
  type SignatureFormValues,
} from '../lib/signature-form.ts';
import { MailBodyField } from './mail-body-field.tsx';
import { MailPreviewDialog } from './mail-preview-dialog.tsx';
import type { MailVisualEditorHandle } from './mail-visual-editor.tsx';
import { MergeFieldMenu, mergeToken } from './merge-field-menu.tsx';

type Props = {
  signature: TMailSignature;
  /** Saves every language written (the company's or the user's own). */
  onSave: (input: TMailSignatureInput) => Promise<TMailSignature>;
};

function languagesInError(errors: FieldErrors<SignatureFormInput>): Language[] {
  return LANGUAGES.filter((lng) => errors.contents?.[lng]);
}

/**
 * A signature's editor (the company's on `emails/signature`, a user's own in their settings): a
 * tab per language with the e-mail models' body field (the same lazily loaded visual editor, or
 * the MJML code), the sender's and company's merge fields, a preview filled with the signed-in
 * user's values, and one save for every language. Leaving with unsaved changes asks first.
 */
export function SignatureEditor({ signature, onSave }: Props) {
  const { t } = useTranslation(['mail', 'common', 'errors']);
  const initial = signatureFormValues(signature);
  const form = useForm<SignatureFormInput, unknown, SignatureFormValues>({
    resolver: zodResolver(ZSignatureForm),
    defaultValues: initial,
  });
  const preview = usePreviewSignature();
  const errorMessage = useApiErrorMessage();
  const phone = useIsMobile();
  const [tab, setTab] = useState<Language>(
    () => LANGUAGES.find((lng) => initial.contents[lng]) ?? 'fr',
  );
  const [mode, setMode] = useState<'visual' | 'code'>('visual');
  const [typing, setTyping] = useState(false);
  const [previewed, setPreviewed] = useState<TMailSignaturePreview | null>(null);
  const [removing, setRemoving] = useState(false);
  const handleRef = useRef<MailVisualEditorHandle | null>(null);
  const codeRef = useRef<HTMLTextAreaElement | null>(null);
  const contents = useWatch({ control: form.control, name: 'contents' });
  const written = LANGUAGES.filter((lng) => Boolean(contents[lng]));
  const { errors, isDirty, isSubmitting } = form.formState;
  const inError = languagesInError(errors);
  const languageName = (lng: Language) => t(`mail:models.language_names.${lng}`);
  const visual = mode === 'visual' && !phone;
  const mjmlPath = `contents.${tab}.mjml` as const;

  /** The visual editor's content (text being typed included) into the form. */
  const flush = async () => {
    const handle = handleRef.current;
    if (!handle || !form.getValues(`contents.${tab}`)) return;
    const mjml = await handle.getMjml();
    if (mjml !== form.getValues(mjmlPath)) form.setValue(mjmlPath, mjml, { shouldDirty: true });
    setTyping(false);
  };
  /** The body as the editor writes it back: the saved signature stays "unchanged" if it was. */
  const onBodyLoad = (mjml: string) => {
    const current = form.getValues(mjmlPath);
    if (current === form.formState.defaultValues?.contents?.[tab]?.mjml)
      form.resetField(mjmlPath, { defaultValue: mjml, keepError: true });
    else if (current !== mjml) form.setValue(mjmlPath, mjml, { shouldDirty: true });
  };
  const switchTab = async (next: Language) => {
    await flush();
    setTab(next);
  };
  const switchMode = async (next: 'visual' | 'code') => {
    await flush();
    setMode(next);
  };
  const writeLanguage = (lng: Language, from?: Language) => {
    const source = from ? form.getValues(`contents.${from}`) : null;
    form.setValue(
      `contents.${lng}`,
      { mjml: source?.mjml ?? SIGNATURE_SKELETON },
      {
        shouldDirty: true,
      },
    );
  };
  const removeLanguage = (lng: Language) => {
    form.unregister(`contents.${lng}.mjml`, { keepDefaultValue: true });
    form.setValue(`contents.${lng}`, null, { shouldDirty: true });
    form.clearErrors(`contents.${lng}`);
  };

  const insertField = (name: string) => {
    const token = mergeToken(name);
    if (visual) {
      if (!handleRef.current?.insertText(token)) toast.info(t('mail:editor.select_text_first'));
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

  const showErrors = (languages: Language[]) => {
    if (languages.length && !languages.includes(tab)) setTab(languages[0]!);
  };
  const submit = async (values: SignatureFormValues) => {
    try {
      const saved = await onSave(toSignatureInput(values));
      form.reset(signatureFormValues(saved));
      setTyping(false);
      toast.success(t('mail:signature.saved'));
    } catch (error) {
      if (applyServerErrors(error, form.setError, SIGNATURE_SERVER_FIELDS)) {
        form.setError('root', { message: t('mail:editor.fix_errors') });
        const named = Object.keys((isApiError(error) && error.errors) || {});
        showErrors(LANGUAGES.filter((lng) => named.includes(`contents.${lng}.mjml`)));
      } else {
        form.setError('root', { message: errorMessage(error) });
      }
    }
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await flush();
    await form.handleSubmit(submit, (invalid) => showErrors(languagesInError(invalid)))();
  };

  const runPreview = async () => {
    await flush();
    const mjml = form.getValues(mjmlPath);
    if (!mjml) return;
    form.clearErrors(mjmlPath);
    preview.mutate(
      { language: tab, mjml },
      {
        onSuccess: setPreviewed,
        onError: (error) => {
          const codes = isApiError(error) && error.status === 422 ? (error.errors?.mjml ?? []) : [];
          if (codes.length) {
            const types = Object.fromEntries(codes.map((code, index) => [`server_${index}`, code]));
            form.setError(mjmlPath, { type: 'server', message: codes[0], types });
          }
          toast.error(codes.length ? t('mail:editor.fix_errors') : errorMessage(error));
        },
      },
    );
  };

  // Registered only while the language is written (registering would make it one).
  const codeField = contents[tab] ? form.register(mjmlPath) : null;
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex min-w-0 flex-col gap-4"
    >
      <FormAlert message={errors.root?.message} />
      <Tabs value={tab} onValueChange={(next) => void switchTab(next as Language)}>
        <TabsList aria-label={t('mail:signature.languages')}>
          {LANGUAGES.map((lng) => (
            <TabsTrigger key={lng} value={lng} className="inline-flex items-center gap-1.5">
              {written.includes(lng) ? null : <Plus aria-hidden="true" className="size-3.5" />}
              {languageName(lng)}
              {written.includes(lng) ? null : (
                <>
                  {' '}
                  <span className="sr-only">({t('mail:editor.not_written_short')})</span>
                </>
              )}
              {inError.includes(lng) ? (
                <>
                  <span aria-hidden="true" className="size-2 rounded-full bg-red-600" />{' '}
                  <span className="sr-only">({t('mail:editor.has_errors')})</span>
                </>
              ) : null}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={tab}>
          {codeField ? (
            <div key={tab} className="flex flex-col gap-4">
              <MailBodyField
                language={tab}
                mode={visual ? 'visual' : 'code'}
                mjml={form.getValues(mjmlPath) ?? ''}
                codeField={{
                  ...codeField,
                  ref: (element: HTMLTextAreaElement | null) => {
                    codeField.ref(element);
                    codeRef.current = element;
                  },
                }}
                error={errors.contents?.[tab]?.mjml}
                handleRef={handleRef}
                onChange={(mjml) => form.setValue(mjmlPath, mjml, { shouldDirty: true })}
                onLoad={onBodyLoad}
                onTyping={() => setTyping(true)}
                note={phone ? t('mail:editor.phone_hint') : undefined}
                example="sender.fullname"
                actions={
                  <>
                    <MergeFieldMenu
                      fields={SIGNATURE_MERGE_FIELDS}
                      label={t(
                        visual ? 'mail:editor.insert_in_body' : 'mail:editor.insert_in_code',
                      )}
                      onPick={insertField}
                      focusAfter={() => (visual ? null : codeRef.current)}
                      keepEditing={visual}
                    />
                    {phone ? null : (
                      <Button
                        variant={mode === 'code' ? 'secondary' : 'outline'}
                        size="sm"
                        aria-pressed={mode === 'code'}
                        onClick={() => void switchMode(mode === 'code' ? 'visual' : 'code')}
                      >
                        <Code aria-hidden="true" />
                        {t('mail:editor.code_mode')}
                      </Button>
                    )}
                  </>
                }
              />
              <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-between">
                <Button
                  variant="outline"
                  onClick={() => void runPreview()}
                  disabled={preview.isPending}
                  className="self-start"
                >
                  <Eye aria-hidden="true" />
                  {t('mail:editor.preview')}
                </Button>
                <Button
                  variant="ghost"
                  onClick={() => setRemoving(true)}
                  className="self-start text-red-700 sm:self-auto"
                >
                  <Trash2 aria-hidden="true" />
                  {t('mail:editor.remove_language', { language: languageName(tab) })}
                </Button>
              </div>
            </div>
          ) : (
            <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-slate-300 p-4">
              <p className="font-medium text-slate-900">
                {t('mail:signature.not_written', { language: languageName(tab) })}
              </p>
              <p className="text-sm text-slate-700">{t('mail:signature.not_written_hint')}</p>
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => writeLanguage(tab)}>
                  <FilePlus aria-hidden="true" />
                  {t('mail:signature.start')}
                </Button>
                {written.map((from) => (
                  <Button key={from} variant="outline" onClick={() => writeLanguage(tab, from)}>
                    <Copy aria-hidden="true" />
                    {t('mail:editor.copy_from', { language: languageName(from) })}
                  </Button>
                ))}
              </div>
            </div>
          )}
        </TabsContent>
      </Tabs>
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('mail:editor.saving') : t('mail:signature.save')}
        </Button>
      </div>
      {previewed ? (
        <MailPreviewDialog
          preview={previewed}
          languageName={languageName(tab)}
          title={t('mail:signature.preview_title', { language: languageName(tab) })}
          description={t('mail:signature.preview_hint')}
          onClose={() => setPreviewed(null)}
        />
      ) : null}
      {removing ? (
        <AlertDialog
          open
          onOpenChange={(open) => (open ? undefined : setRemoving(false))}
          title={t('mail:editor.remove_title', { language: languageName(tab) })}
          description={t('mail:signature.remove_description')}
          confirmLabel={t('mail:editor.remove_confirm')}
          destructive
          onConfirm={() => {
            setRemoving(false);
            removeLanguage(tab);
          }}
        />
      ) : null}
      <UnsavedChangesGuard
        when={isDirty || typing}
        title={t('mail:editor.unsaved_title')}
        description={t('mail:signature.unsaved_description')}
        confirmLabel={t('mail:editor.unsaved_confirm')}
        cancelLabel={t('mail:editor.unsaved_cancel')}
      />
    </form>
  );
}
