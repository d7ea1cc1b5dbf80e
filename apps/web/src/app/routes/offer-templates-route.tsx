import { TemplatesPage } from '../../features/offer-settings/components/templates-page.tsx';

/** `/config/joboffers/templates`, inside the config layout (config-routes.tsx guards it with `config.templates`). */
export function OfferTemplatesRoute() {
  return <TemplatesPage />;
}
