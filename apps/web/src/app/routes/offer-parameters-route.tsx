import { OfferParametersPage } from '../../features/company-settings/components/offer-parameters-page.tsx';

/** `/config/joboffers/offer-parameters` (guarded with `config.offer_parameters` and NonDiscrimination). */
export function OfferParametersRoute() {
  return <OfferParametersPage />;
}
