import { useTranslation } from 'react-i18next';
import type { TOfferDetail } from '@embauche/contracts/offers';

/**
 * The picture the offer picked from the company's image bank (config `joboffers/image-bank`), as
 * its thumbnail beside the title: a fixed square (smaller on a phone) so the header does not move
 * while it loads and keeps to 390 px. Nothing without an image.
 */
export function OfferHeaderImage({ offer }: { offer: Pick<TOfferDetail, 'image' | 'job_position'> }) {
  const { t } = useTranslation('projects');
  if (!offer.image) return null;
  return (
    <img
      src={offer.image.thumbnail_url}
      alt={t('projects:details.image_alt', { name: offer.job_position })}
      width={offer.image.thumb_width}
      height={offer.image.thumb_height}
      loading="lazy"
      decoding="async"
      className="size-14 shrink-0 rounded-lg border border-slate-200 bg-slate-100 object-cover sm:size-20"
    />
  );
}
