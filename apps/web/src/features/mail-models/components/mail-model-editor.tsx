import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Copy, FilePlus, Plus } from 'lucide-react';
import { LANGUAGES, type Language } from '@embauche/contracts/constants';
import { MAIL_KINDS, type TMailModel, type TMailPreview } from '@embauche/contracts/mail-models';
import { FormAlert } from '../../../components/form-alert.tsx';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { cn } from '../../../lib/cn.ts';
import { useIsMobile } from '../../../lib/use-media-query.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useCreateMailModel } from '../api/create-mail-model.ts';
import { usePreviewMailModel } from '../api/preview-mail-model.ts';
import { useSendMailModelTest } from '../api/send-mail-model-test.ts';
import { useUpdateMailModel } from '../api/update-mail-model.ts';
import {
  SERVER_FIELDS,
  ZMailModelForm,
  formValuesOf,
  toModelInput,
  writtenLanguages,
  type MailModelFormInput,
  type MailModelFormValues,
} from '../lib/mail-model-form.ts';
import { skeletonIn } from '../lib/mail-skeleton.ts';
import { MailLanguagePanel } from './mail-language-panel.tsx';
import { MailPreviewDialog } from './mail-preview-dialog.tsx';
import type { MailVisualEditorHandle } from './mail-visual-editor.tsx';

/** The e-mail models' page (config `emails/model`); the onboarding templates page has its own (issue 41). */
export const MAIL_MODELS_BASE = '/config/emails/model';

type Props = {
  /** The saved model; none for a new one. */
  model?: TMailModel | undefined;
  initial: MailModelFormInput;
  /** The language tab open first. */
  startLanguage: Language;
  /** Where a test is sent (the signed-in user's address). */
  userEmail: string;
  /** The models' page a saved new model's address starts with (default `/config/emails/model`). */
  base?: string | undefined;
};

/** The languages whose subject or body carries an error, in tab order. */
function languagesInError(errors: FieldErrors<MailModelFormInput>): Language[] {
  return LANGUAGES.filter((lng) => errors.contents?.[lng]);
}

/**
 * A model's editor: its name, kind (fixed once created) and default flag, then a tab per language
 * with the subject and the body; saving sends every language written. Leaving with unsaved
 * changes asks first.
 */
export function MailModelEditor({ model, initial, startLanguage, userEmail, base = MAIL_MODELS_BASE }: Props) {
  const { t, i18n } = useTranslation(['mail', 'common', 'errors']);
  const id = useId();
  const navigate = useNavigate();
  const form = useForm<MailModelFormInput, unknown, MailModelFormValues>({
    resolver: zodResolver(ZMailModelForm),
    defaultValues: initial,
  });
  const create = useCreateMailModel();
  const update = useUpdateMailModel();
  const preview = usePreviewMailModel();
  const sendTest = useSendMailModelTest();
  const errorMessage = useApiErrorMessage();
  const phone = useIsMobile();
  const [tab, setTab] = useState<Language>(startLanguage);
  const [mode, setMode] = useState<'visual' | 'code'>('visual');
  // Text typed in the visual editor and not yet handed to the form counts as a change.
  const [typing, setTyping] = useState(false);
  const [previewed, setPreviewed] = useState<TMailPreview | null>(null);
  const [created, setCreated] = useState<number | null>(null);
  const handleRef = useRef<MailVisualEditorHandle | null>(null);
  const contents = useWatch({ control: form.control, name: 'contents' });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const isDefault = useWatch({ control: form.control, name: 'is_default' });
  const written = writtenLanguages(contents);
  const { errors, isDirty, isSubmitting } = form.formState;
  const inError = languagesInError(errors);
  const languageName = (lng: Language) => t(`mail:models.language_names.${lng}`);

  // A new model, once saved, opens at its own address (after the guard has seen the form clean).
  useEffect(() => {
    if (created !== null && !isDirty && !typing)
      void navigate(`${base}/${created}`, { replace: true });
  }, [created, isDirty, typing, navigate, base]);

  /** The visual editor's content (text being typed included) into the form. */
  const flush = async () => {
    const handle = handleRef.current;
    if (!handle || !form.getValues(`contents.${tab}`)) return;
    const mjml = await handle.getMjml();
    if (mjml !== form.getValues(`contents.${tab}.mjml`))
      form.setValue(`contents.${tab}.mjml`, mjml, { shouldDirty: true });
    setTyping(false);
  };

  /** The body as the editor writes it back: the saved content stays "unchanged" if it was. */
  const onBodyLoad = (mjml: string) => {
    const path = `contents.${tab}.mjml` as const;
    const current = form.getValues(path);
    if (current === form.formState.defaultValues?.contents?.[tab]?.mjml)
      form.resetField(path, { defaultValue: mjml });
    else if (current !== mjml) form.setValue(path, mjml, { shouldDirty: true });
  };

  const switchTab = async (next: Language) => {
    await flush();
    setTab(next);
  };
  const switchMode = async (next: 'visual' | 'code') => {
    await flush();
    setMode(next);
  };

  const writeLanguage = async (lng: Language, from?: Language) => {
    const source = from ? form.getValues(`contents.${from}`) : null;
    const content = source
      ? { subject: source.subject, mjml: source.mjml }
      : { subject: '', mjml: await skeletonIn(i18n, lng, kind) };
    form.setValue(`contents.${lng}`, content, { shouldDirty: true });
  };
  const removeLanguage = (lng: Language) => {
    form.unregister([`contents.${lng}.subject`, `contents.${lng}.mjml`], {
      keepDefaultValue: true,
    });
    form.setValue(`contents.${lng}`, null, { shouldDirty: true });
    form.clearErrors(`contents.${lng}`);
  };

  const showErrors = (languages: Language[]) => {
    if (languages.length && !languages.includes(tab)) setTab(languages[0]!);
  };

  const submit = async (values: MailModelFormValues) => {
    const input = toModelInput(values);
    try {
      const saved = model
        ? await update.mutateAsync({ id: model.id, ...input })
        : await create.mutateAsync(input);
      form.reset(formValuesOf(saved));
      setTyping(false);
      toast.success(t(model ? 'mail:editor.saved' : 'mail:editor.created', { name: saved.name }));
      if (!model) setCreated(saved.id);
    } catch (error) {
      if (applyServerErrors(error, form.setError, SERVER_FIELDS)) {
        form.setError('root', { message: t('mail:editor.fix_errors') });
        showErrors(languagesInError(form.formState.errors));
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
    const content = form.getValues(`contents.${tab}`);
    if (!content) return;
    const fields = { subject: `contents.${tab}.subject`, mjml: `contents.${tab}.mjml` } as const;
    form.clearErrors([fields.subject, fields.mjml]);
    preview.mutate(
      { kind, language: tab, subject: content.subject, mjml: content.mjml },
      {
        onSuccess: setPreviewed,
        onError: (error) => {
          const named = isApiError(error) && error.status === 422 ? (error.errors ?? {}) : {};
          let applied = false;
          for (const [field, codes] of Object.entries(named)) {
            const path = field === 'subject' || field === 'mjml' ? fields[field] : null;
            if (!path || !codes.length) continue;
            const types = Object.fromEntries(codes.map((code, index) => [`server_${index}`, code]));
            form.setError(path, { type: 'server', message: codes[0], types });
            applied = true;
          }
          toast.error(applied ? t('mail:editor.fix_errors') : errorMessage(error));
        },
      },
    );
  };

  const savedHere = Boolean(model?.contents[tab]);
  const runTest = () => {
    if (!model) return;
    sendTest.mutate(
      { id: model.id, language: tab },
      {
        onSuccess: () => toast.success(t('mail:editor.test_sent', { email: userEmail })),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="min-w-0 break-words text-lg font-semibold text-slate-900">
          {model ? model.name : t('mail:editor.new_title')}
        </h2>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting
            ? t('mail:editor.saving')
            : t(model ? 'mail:editor.save' : 'mail:editor.create')}
        </Button>
      </div>
      <FormAlert message={errors.root?.message} />
      <div className="grid gap-4 md:grid-cols-2">
        <FormField label={t('mail:editor.name')} required error={errors.name}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
        </FormField>
        <FormField
          label={t('mail:editor.kind')}
          required
          error={errors.kind}
          hint={model ? t('mail:editor.kind_fixed') : undefined}
        >
          {(control) => (
            <Select {...control} disabled={Boolean(model)} {...form.register('kind')}>
              {MAIL_KINDS.map((value) => (
                <option key={value} value={value}>
                  {t(`mail:models.kinds.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-3">
        <div className="min-w-0">
          <p id={`${id}-default`} className="text-sm font-medium text-slate-900">
            {t('mail:editor.is_default')}
          </p>
          <p id={`${id}-default-hint`} className="mt-0.5 text-sm text-slate-700">
            {t('mail:editor.is_default_hint')}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={isDefault}
          aria-labelledby={`${id}-default`}
          aria-describedby={`${id}-default-hint`}
          onClick={() => form.setValue('is_default', !isDefault, { shouldDirty: true })}
          className={cn(
            'relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2',
            isDefault ? 'bg-brand-600' : 'bg-slate-400',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'inline-block size-5 rounded-full bg-white shadow transition-transform',
              isDefault ? 'translate-x-5' : 'translate-x-0.5',
            )}
          />
        </button>
      </div>
      <Tabs value={tab} onValueChange={(next) => void switchTab(next as Language)}>
        <TabsList aria-label={t('mail:editor.languages')}>
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
          {contents[tab] ? (
            <MailLanguagePanel
              key={tab}
              form={form}
              language={tab}
              languageName={languageName(tab)}
              kind={kind}
              phone={phone}
              mode={mode}
              onModeChange={(next) => void switchMode(next)}
              handleRef={handleRef}
              onBodyLoad={onBodyLoad}
              onTyping={() => setTyping(true)}
              onRemove={written.length > 1 ? () => removeLanguage(tab) : null}
              onPreview={() => void runPreview()}
              previewing={preview.isPending}
              onSendTest={savedHere ? runTest : null}
              sendingTest={sendTest.isPending}
              notify={(message) => toast.info(message)}
            />
          ) : (
            <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-slate-300 p-4">
              <p className="font-medium text-slate-900">
                {t('mail:editor.not_written', { language: languageName(tab) })}
              </p>
              <p className="text-sm text-slate-700">{t('mail:editor.not_written_hint')}</p>
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => void writeLanguage(tab)}>
                  <FilePlus aria-hidden="true" />
                  {t('mail:editor.start_blank')}
                </Button>
                {written.map((from) => (
                  <Button
                    key={from}
                    variant="outline"
                    onClick={() => void writeLanguage(tab, from)}
                  >
                    <Copy aria-hidden="true" />
                    {t('mail:editor.copy_from', { language: languageName(from) })}
                  </Button>
                ))}
              </div>
            </div>
          )}
        </TabsContent>
      </Tabs>
      {previewed ? (
        <MailPreviewDialog
          preview={previewed}
          languageName={languageName(tab)}
          onClose={() => setPreviewed(null)}
        />
      ) : null}
      <UnsavedChangesGuard
        when={(isDirty || typing) && created === null}
        title={t('mail:editor.unsaved_title')}
        description={t('mail:editor.unsaved_description')}
        confirmLabel={t('mail:editor.unsaved_confirm')}
        cancelLabel={t('mail:editor.unsaved_cancel')}
      />
    </form>
  );
}
