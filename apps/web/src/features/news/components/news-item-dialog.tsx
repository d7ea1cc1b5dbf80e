import { useId, useState, type ComponentType } from 'react';
import { Controller, useForm, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CircleAlert } from 'lucide-react';
import { LANGUAGES, type Language } from '@embauche/contracts/constants';
import { NEWS_TITLE_MAX, type TNewsItem, type TNewsItemInput } from '@embauche/contracts/news';
import { Button } from '../../../components/ui/button.tsx';
import { DateTimePicker } from '../../../components/ui/date-time-picker.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { errorCodes, FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useCreateNewsItem } from '../api/create-news-item.ts';
import { useUpdateNewsItem } from '../api/update-news-item.ts';
import {
  defaultNewsValues,
  formField,
  isWritten,
  languagesWithErrors,
  newsResolver,
  type NewsFormValues,
} from '../lib/news-form.ts';
import { NewsAudienceFields } from './news-audience-fields.tsx';

/** The rich-text editor the offers use (features/offers), handed in by the route. */
export type RichTextEditorProps = {
  value: string;
  onChange: (html: string) => void;
  labelledBy: string;
  describedBy?: string;
};

type Props = {
  /** The item to edit; none to create one. */
  item?: TNewsItem;
  Editor: ComponentType<RichTextEditorProps>;
  onClose: () => void;
};

/** The tab to open first: the interface's language when written, else the first written one. */
function firstTab(values: NewsFormValues, language: string): Language {
  const ui = LANGUAGES.find((lng) => lng === language);
  if (ui && isWritten(values.contents[ui])) return ui;
  return LANGUAGES.find((lng) => isWritten(values.contents[lng])) ?? ui ?? 'fr';
}

function ErrorText({ id, error }: { id: string; error: FieldError | undefined }) {
  const { t } = useTranslation('errors');
  const codes = errorCodes(error);
  if (!codes.length) return null;
  return (
    <div id={id} className="text-sm text-red-700">
      {codes.map((code) => (
        <p key={code}>{translateErrorCode(t, code)}</p>
      ))}
    </div>
  );
}

/**
 * Creates or edits a news item: a title and a rich text per language (a tab each, at least one),
 * the audience and the period. Checked with the contracts' schema; the server's codes land on the
 * fields, and the first language holding an error opens.
 */
export function NewsItemDialog({ item, Editor, onClose }: Props) {
  const { t, i18n } = useTranslation(['news', 'errors', 'common']);
  const id = useId();
  const create = useCreateNewsItem();
  const update = useUpdateNewsItem();
  const errorMessage = useApiErrorMessage();
  const [initial] = useState(() => defaultNewsValues(item));
  const [tab, setTab] = useState<Language>(() => firstTab(initial, i18n.language));
  const form = useForm<NewsFormValues, unknown, TNewsItemInput>({
    resolver: newsResolver,
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const contents = useWatch({ control: form.control, name: 'contents' });
  const audience = useWatch({ control: form.control, name: 'audience' });
  const companies = useWatch({ control: form.control, name: 'companies' });
  const countries = useWatch({ control: form.control, name: 'countries' });
  const revalidate = { shouldValidate: form.formState.isSubmitted, shouldDirty: true };
  const names = Object.fromEntries(
    LANGUAGES.map((lng) => [lng, t(`news:languages.${lng}`)]),
  ) as Record<Language, string>;

  /** Opens the first language holding an error, unless the one shown holds one. */
  const showLanguage = (wrong: Language[]) => {
    if (wrong.length && !wrong.includes(tab)) setTab(wrong[0]!);
  };
  const submit = form.handleSubmit(
    async (values) => {
      try {
        if (item) await update.mutateAsync({ ...values, id: item.id });
        else await create.mutateAsync(values);
        toast.success(t(item ? 'news:dialog.saved' : 'news:dialog.created'));
        onClose();
      } catch (error) {
        if (!isApiError(error) || error.status !== 422 || !error.errors) {
          toast.error(errorMessage(error));
          return;
        }
        const fields = Object.keys(error.errors);
        for (const [field, codes] of Object.entries(error.errors)) {
          const at = field === 'contents' ? 'contents.root' : formField(field);
          form.setError(at as 'contents', { type: 'server', message: codes[0] });
        }
        showLanguage(
          LANGUAGES.filter((lng) => fields.some((field) => field.startsWith(`contents.${lng}.`))),
        );
      }
    },
    (invalid) => showLanguage(languagesWithErrors(invalid)),
  );

  const contentsError = (errors.contents as { root?: FieldError } | undefined)?.root;
  const wrong = languagesWithErrors(errors);
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(item ? 'news:dialog.edit_title' : 'news:dialog.create_title')}
      description={t('news:dialog.description')}
      className="max-w-2xl"
    >
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex min-w-0 flex-col gap-5"
      >
        <section aria-labelledby={`${id}-languages`} className="flex min-w-0 flex-col gap-2">
          <h3 id={`${id}-languages`} className="text-sm font-semibold text-slate-900">
            {t('news:dialog.languages')}
          </h3>
          <p id={`${id}-languages-hint`} className="text-xs text-slate-600">
            {t('news:dialog.languages_hint')}
          </p>
          {contentsError ? (
            <p role="alert" className="text-sm text-red-700">
              {translateErrorCode(t, contentsError.message ?? 'field_required')}
            </p>
          ) : null}
          <Tabs value={tab} onValueChange={(next) => setTab(next as Language)}>
            <TabsList aria-label={t('news:dialog.languages')}>
              {LANGUAGES.map((lng) => (
                <TabsTrigger key={lng} value={lng} className="inline-flex items-center gap-1.5">
                  {names[lng]}
                  {wrong.includes(lng) ? (
                    <>
                      <CircleAlert aria-hidden="true" className="size-3.5 text-red-700" />{' '}
                      <span className="sr-only">{t('news:dialog.has_errors')}</span>
                    </>
                  ) : isWritten(contents[lng]) ? (
                    <>
                      <span aria-hidden="true" className="size-1.5 rounded-full bg-brand-600" />{' '}
                      <span className="sr-only">{t('news:dialog.written')}</span>
                    </>
                  ) : null}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value={tab} className="flex min-w-0 flex-col gap-4">
              <FormField
                label={t('news:dialog.title', { language: names[tab] })}
                error={errors.contents?.[tab]?.title}
              >
                {(control) => (
                  <Input
                    key={tab}
                    {...control}
                    lang={tab}
                    autoComplete="off"
                    maxLength={NEWS_TITLE_MAX + 20}
                    {...form.register(`contents.${tab}.title`)}
                  />
                )}
              </FormField>
              <div className="flex min-w-0 flex-col gap-1.5">
                <span
                  id={`${id}-body-${tab}`}
                  className={
                    errors.contents?.[tab]?.body
                      ? 'text-sm font-medium text-red-700'
                      : 'text-sm font-medium text-slate-800'
                  }
                >
                  {t('news:dialog.body', { language: names[tab] })}
                </span>
                <Controller
                  key={tab}
                  control={form.control}
                  name={`contents.${tab}.body`}
                  render={({ field }) => (
                    <div lang={tab} className="min-w-0">
                      <Editor
                        value={field.value}
                        onChange={field.onChange}
                        labelledBy={`${id}-body-${tab}`}
                        describedBy={errors.contents?.[tab]?.body ? `${id}-body-error` : undefined}
                      />
                    </div>
                  )}
                />
                <ErrorText id={`${id}-body-error`} error={errors.contents?.[tab]?.body} />
              </div>
            </TabsContent>
          </Tabs>
        </section>

        <NewsAudienceFields
          audience={audience}
          onAudience={(value) => form.setValue('audience', value, revalidate)}
          companies={companies}
          onCompanies={(value) => form.setValue('companies', value, revalidate)}
          countries={countries}
          onCountries={(value) => form.setValue('countries', value, revalidate)}
          companiesError={errors.companies as FieldError | undefined}
          countriesError={errors.countries as FieldError | undefined}
        />

        <fieldset className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">
            {t('news:dialog.period')}
          </legend>
          {(['starts_at', 'ends_at'] as const).map((name) => (
            <FormField
              key={name}
              label={t(`news:dialog.${name}`)}
              required
              error={errors[name]}
              hint={t('news:dialog.period_hint')}
            >
              {(control) => (
                <Controller
                  control={form.control}
                  name={name}
                  render={({ field }) => (
                    <DateTimePicker
                      {...control}
                      label={t(`news:dialog.${name}`)}
                      name={field.name}
                      value={field.value}
                      onChange={(v) => field.onChange(v)}
                      onBlur={field.onBlur}
                    />
                  )}
                />
              )}
            </FormField>
          ))}
        </fieldset>

        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="outline" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t(item ? 'common:save' : 'news:dialog.submit_create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
