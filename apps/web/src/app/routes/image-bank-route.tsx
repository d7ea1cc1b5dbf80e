import { ImageBankPage } from '../../features/offer-settings/components/image-bank-page.tsx';

/** `/config/joboffers/image-bank`, inside the config layout (guarded with `config.images_bank`). */
export function ImageBankRoute() {
  return <ImageBankPage />;
}
