import { useId, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ExternalLink, ImageOff } from 'lucide-react';
import {
  CAREER_INTRO_MAX,
  CAREER_MIN_CONTRAST,
  CAREER_OFFER_FIELDS,
  CAREER_PRIVACY_MAX,
  ZCareerSiteForm,
  contrastRatio,
  type TCareerSite,
  type TCareerSiteForm,
  type TCareerSiteFormInput,
} from '@embauche/contracts/career-site';
import { LANGUAGES, type Language } from '@embauche/contracts/constants';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormField, errorCodes } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/dates.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { useCareerSite } from '../api/get-career-site.ts';
import { useCoverImageChoices } from '../api/get-cover-image-choices.ts';
import { useSaveCareerSite } from '../api/save-career-site.ts';

const TEXTAREA =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-invalid:border-red-600';

const HEX = /^#[0-9a-f]{6}$/i;

const defaults = (site: TCareerSite): TCareerSiteFormInput => ({
  slug: site.slug,
  show_logo: site.show_logo,
  primary_color: site.primary_color,
  accent_color: site.accent_color,
  cover_image_id: site.cover_image_id,
  languages: site.languages,
  introductions: { ...site.introductions },
  offer_fields: site.offer_fields,
  privacy_notices: Object.fromEntries(
    LANGUAGES.map((lng) => [lng, site.privacy_notices[lng]?.text ?? '']),
  ),
  talent_community: site.talent_community,
});

/** A group of the page: a fieldset under its legend, with one line on what it is for. */
function Section({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <legend className="float-left mb-1 w-full text-base font-semibold text-slate-900">
        {title}
      </legend>
      {intro ? <p className="clear-left text-sm text-slate-600">{intro}</p> : null}
      {children}
    </fieldset>
  );
}

/** The error messages of a field that is not one input (a group of boxes). */
function GroupError({ id, error }: { id: string; error: FieldError | undefined }) {
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

/** A colour: its hex code typed or picked, and its contrast with white read out. */
function ColorField({
  control,
  name,
  label,
  hint,
  error,
}: {
  control: Control<TCareerSiteFormInput, unknown, TCareerSiteForm>;
  name: 'primary_color' | 'accent_color';
  label: string;
  hint: string;
  error: FieldError | undefined;
}) {
  const { t } = useTranslation('career_site');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const valid = HEX.test(field.value);
        const ratio = valid ? contrastRatio(field.value, '#ffffff') : null;
        const readable = ratio !== null && ratio >= CAREER_MIN_CONTRAST;
        return (
          <FormField label={label} required hint={hint} error={error}>
            {(controlProps) => (
              <div className="flex flex-col gap-1.5">
                <div className="flex items-center gap-2">
                  <input
                    type="color"
                    aria-label={t('career_site:colors.pick', { name: label })}
                    value={valid ? field.value.toLowerCase() : '#000000'}
                    onChange={(e) => field.onChange(e.target.value)}
                    className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
                  />
                  <Input
                    {...controlProps}
                    ref={field.ref}
                    name={field.name}
                    value={field.value}
                    onChange={(e) => field.onChange(e.target.value)}
                    onBlur={field.onBlur}
                    maxLength={7}
                    spellCheck={false}
                    autoComplete="off"
                    className="w-32 font-mono"
                  />
                </div>
                {ratio !== null ? (
                  <p className={cn('text-xs', readable ? 'text-emerald-800' : 'text-red-700')}>
                    {t(
                      readable
                        ? 'career_site:colors.contrast_ok'
                        : 'career_site:colors.contrast_low',
                      {
                        ratio: ratio.toFixed(1),
                        min: CAREER_MIN_CONTRAST,
                      },
                    )}
                  </p>
                ) : null}
              </div>
            )}
          </FormField>
        );
      }}
    />
  );
}

/** The cover, chosen among the bank's images: a radio group of thumbnails, arrows move. */
function CoverPicker({
  control,
}: {
  control: Control<TCareerSiteFormInput, unknown, TCareerSiteForm>;
}) {
  const { t } = useTranslation('career_site');
  const choices = useCoverImageChoices();
  const images = choices.data?.data ?? [];
  const option = (checked: boolean) =>
    cn(
      'flex size-24 cursor-pointer items-center justify-center overflow-hidden rounded-lg border-2 bg-slate-100 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
      checked ? 'border-brand-600' : 'border-transparent',
    );
  if (choices.isPending) return <Spinner label={t('career_site:loading')} />;
  return (
    <Controller
      control={control}
      name="cover_image_id"
      render={({ field }) => (
        <div
          role="radiogroup"
          aria-label={t('career_site:cover.title')}
          className="flex flex-wrap gap-2"
        >
          <label className={option(field.value == null)} title={t('career_site:cover.none')}>
            <input
              type="radio"
              className="sr-only"
              name={field.name}
              checked={field.value == null}
              onChange={() => field.onChange(null)}
              aria-label={t('career_site:cover.none')}
            />
            <ImageOff aria-hidden="true" className="size-6 text-slate-500" />
          </label>
          {images.map((image) => (
            <label
              key={image.id}
              className={option(field.value === image.id)}
              title={image.filename}
            >
              <input
                type="radio"
                className="sr-only"
                name={field.name}
                checked={field.value === image.id}
                onChange={() => field.onChange(image.id)}
                aria-label={image.filename}
              />
              <img
                src={image.thumbnail_url}
                alt=""
                width={image.thumb_width}
                height={image.thumb_height}
                loading="lazy"
                className="max-h-full max-w-full object-cover"
              />
            </label>
          ))}
          {!images.length ? (
            <p className="self-center text-sm text-slate-600">{t('career_site:cover.empty')}</p>
          ) : null}
        </div>
      )}
    />
  );
}

/** The public site's look with the chosen colours, so the contrast is seen, not only measured. */
function ColorPreview({
  control,
  name,
}: {
  control: Control<TCareerSiteFormInput, unknown, TCareerSiteForm>;
  name: string;
}) {
  const { t } = useTranslation('career_site');
  const [primary, accent] = useWatch({ control, name: ['primary_color', 'accent_color'] });
  const safe = (c: string, fallback: string) => (HEX.test(c) ? c : fallback);
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-lg border border-slate-200">
      <div
        className="px-4 py-3 text-sm font-semibold text-white"
        style={{ backgroundColor: safe(primary, '#1e293b') }}
      >
        {name}
      </div>
      <div className="flex flex-wrap items-center gap-3 bg-white px-4 py-3 text-sm">
        <span className="font-medium underline" style={{ color: safe(accent, '#1e293b') }}>
          {t('career_site:colors.preview_link')}
        </span>
        <span
          className="rounded-md px-3 py-1.5 font-medium text-white"
          style={{ backgroundColor: safe(primary, '#1e293b') }}
        >
          {t('career_site:colors.preview_button')}
        </span>
      </div>
    </div>
  );
}

function CareerSiteForm({ site, companyName }: { site: TCareerSite; companyName: string }) {
  const { t, i18n } = useTranslation(['career_site', 'errors']);
  const id = useId();
  const save = useSaveCareerSite();
  const form = useForm<TCareerSiteFormInput, unknown, TCareerSiteForm>({
    resolver: zodResolver(ZCareerSiteForm),
    defaultValues: defaults(site),
  });
  const { errors } = form.formState;
  const watched: unknown = useWatch({ control: form.control, name: 'languages' });
  // A group of checkboxes reads as the array of the checked ones.
  const offered = (Array.isArray(watched) ? watched : []) as Language[];
  const languageName = (lng: Language) => t(`career_site:languages.names.${lng}`);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset(defaults(saved));
      toast.success(t('career_site:saved'));
    } catch (error) {
      if (!applyServerErrors(error, form.setError)) toast.error(t('errors:generic'));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex max-w-4xl flex-col gap-4">
      <Section title={t('career_site:address.title')} intro={t('career_site:address.intro')}>
        <FormField
          label={t('career_site:address.slug')}
          required
          hint={t('career_site:address.slug_hint')}
          error={errors.slug}
        >
          {(control) => (
            <div className="flex min-w-0 items-center gap-1">
              <span aria-hidden="true" className="shrink-0 text-sm text-slate-600">
                /careers/
              </span>
              <Input
                {...control}
                autoComplete="off"
                spellCheck={false}
                className="sm:max-w-sm"
                {...form.register('slug')}
              />
            </div>
          )}
        </FormField>
        <p className="text-sm text-slate-700">
          <a
            href={site.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
          >
            {t('career_site:address.open')}
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        </p>
        {site.previous_slugs.length ? (
          <p className="text-sm text-slate-600">
            {t('career_site:address.previous', { slugs: site.previous_slugs.join(', ') })}
          </p>
        ) : null}
      </Section>

      <Section title={t('career_site:identity.title')} intro={t('career_site:identity.intro')}>
        <div className="flex flex-wrap items-center gap-4">
          {site.logo_src ? (
            <img
              src={site.logo_src}
              alt={t('career_site:identity.logo_alt')}
              className="h-16 w-auto max-w-48 rounded border border-slate-200 bg-white object-contain p-1"
            />
          ) : (
            <p className="text-sm text-slate-600">{t('career_site:identity.no_logo')}</p>
          )}
          {site.logo_src ? (
            <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <Checkbox {...form.register('show_logo')} />
              {t('career_site:identity.show_logo')}
            </label>
          ) : null}
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <ColorField
            control={form.control}
            name="primary_color"
            label={t('career_site:colors.primary')}
            hint={t('career_site:colors.primary_hint')}
            error={errors.primary_color}
          />
          <ColorField
            control={form.control}
            name="accent_color"
            label={t('career_site:colors.accent')}
            hint={t('career_site:colors.accent_hint')}
            error={errors.accent_color}
          />
        </div>
        <ColorPreview control={form.control} name={companyName} />
      </Section>

      <Section title={t('career_site:cover.title')} intro={t('career_site:cover.intro')}>
        <CoverPicker control={form.control} />
        <GroupError id={`${id}-cover`} error={errors.cover_image_id} />
      </Section>

      <Section title={t('career_site:languages.title')} intro={t('career_site:languages.intro')}>
        <div
          className="flex flex-wrap gap-x-6 gap-y-2"
          aria-describedby={errors.languages ? `${id}-languages` : undefined}
        >
          {LANGUAGES.map((lng) => (
            <label key={lng} className="flex items-center gap-2 text-sm text-slate-800">
              <Checkbox value={lng} {...form.register('languages')} />
              {languageName(lng)}
            </label>
          ))}
        </div>
        <GroupError id={`${id}-languages`} error={errors.languages as FieldError | undefined} />
      </Section>

      <Section title={t('career_site:texts.title')} intro={t('career_site:texts.intro')}>
        {LANGUAGES.filter((lng) => offered.includes(lng)).map((lng) => {
          const notice = site.privacy_notices[lng];
          return (
            <div
              key={lng}
              lang={lng}
              className="flex flex-col gap-4 border-t border-slate-100 pt-4 first:border-t-0 first:pt-0"
            >
              <h4 className="text-sm font-semibold text-slate-900">{languageName(lng)}</h4>
              <FormField
                label={t('career_site:texts.introduction', { language: languageName(lng) })}
                hint={t('career_site:texts.introduction_hint', { count: CAREER_INTRO_MAX })}
                error={errors.introductions?.[lng]}
              >
                {(control) => (
                  <textarea
                    {...control}
                    rows={3}
                    className={TEXTAREA}
                    {...form.register(`introductions.${lng}`)}
                  />
                )}
              </FormField>
              <FormField
                label={t('career_site:texts.privacy', { language: languageName(lng) })}
                required
                hint={
                  notice
                    ? t('career_site:texts.privacy_version', {
                        version: notice.version,
                        date: formatDate(notice.created_at, 'date', i18n.language),
                        next: notice.version + 1,
                      })
                    : t('career_site:texts.privacy_first', { count: CAREER_PRIVACY_MAX })
                }
                error={errors.privacy_notices?.[lng]}
              >
                {(control) => (
                  <textarea
                    {...control}
                    rows={5}
                    className={TEXTAREA}
                    {...form.register(`privacy_notices.${lng}`)}
                  />
                )}
              </FormField>
            </div>
          );
        })}
      </Section>

      <Section
        title={t('career_site:offer_fields.title')}
        intro={t('career_site:offer_fields.intro')}
      >
        <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {CAREER_OFFER_FIELDS.map((field) => (
            <label key={field} className="flex items-center gap-2 text-sm text-slate-800">
              <Checkbox value={field} {...form.register('offer_fields')} />
              {t(`career_site:offer_fields.fields.${field}`)}
            </label>
          ))}
        </div>
      </Section>

      <Section title={t('career_site:community.title')} intro={t('career_site:community.intro')}>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <Checkbox {...form.register('talent_community')} />
          {t('career_site:community.open')}
        </label>
      </Section>

      <div className="flex justify-end">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('career_site:save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Config page `career-site` (`config.settings_sc`): the public site's address, look, languages,
 * texts (the privacy notice versioned), the offer fields it shows and the talent community.
 */
export function CareerSitePage({ companyName }: { companyName: string }) {
  const { t } = useTranslation(['career_site']);
  const site = useCareerSite();
  if (site.isPending) return <Spinner className="min-h-48" label={t('career_site:loading')} />;
  if (site.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 p-4 sm:p-6">
        <p className="text-sm text-red-700">{t('career_site:error')}</p>
        <Button variant="outline" onClick={() => void site.refetch()}>
          {t('career_site:retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4 p-4 sm:p-6">
      <p className="max-w-4xl text-sm text-slate-700">{t('career_site:intro')}</p>
      <CareerSiteForm site={site.data} companyName={companyName} />
    </div>
  );
}
