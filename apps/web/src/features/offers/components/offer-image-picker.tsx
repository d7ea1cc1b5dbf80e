import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ImageOff } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { useOfferImageChoices } from '../api/get-offer-image-choices.ts';
import type { OfferFormValues } from './offer-fields.tsx';

/**
 * The offer's picture, chosen from the company's image bank (config `joboffers/image-bank`): a
 * radio group of thumbnails, arrow keys moving between them. Shown only when the bank has images.
 */
export function OfferImagePicker({ control }: { control: Control<OfferFormValues> }) {
  const { t } = useTranslation('projects');
  const choices = useOfferImageChoices();
  const images = choices.data?.data ?? [];
  if (!images.length) return null;
  const option = (checked: boolean) =>
    cn(
      'flex size-20 cursor-pointer items-center justify-center overflow-hidden rounded-lg border-2 bg-slate-100 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
      checked ? 'border-brand-600' : 'border-transparent',
    );
  return (
    <Controller
      control={control}
      name="image_id"
      render={({ field }) => (
        <fieldset className="flex min-w-0 flex-col gap-1.5 sm:col-span-2">
          <legend className="text-sm font-medium text-slate-800">{t('projects:fields.image')}</legend>
          <div className="flex flex-wrap gap-2">
            <label className={option(field.value == null)} title={t('projects:fields.no_image')}>
              <input type="radio" className="sr-only" name={field.name} checked={field.value == null} onChange={() => field.onChange(null)} aria-label={t('projects:fields.no_image')} />
              <ImageOff aria-hidden="true" className="size-6 text-slate-500" />
            </label>
            {images.map((image) => (
              <label key={image.id} className={option(field.value === image.id)} title={image.filename}>
                <input type="radio" className="sr-only" name={field.name} checked={field.value === image.id} onChange={() => field.onChange(image.id)} aria-label={image.filename} />
                <img src={image.thumbnail_url} alt="" width={image.thumb_width} height={image.thumb_height} loading="lazy" className="max-h-full max-w-full object-cover" />
              </label>
            ))}
          </div>
        </fieldset>
      )}
    />
  );
}
