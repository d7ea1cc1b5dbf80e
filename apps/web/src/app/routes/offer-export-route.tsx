import { OfferExportPage } from '../../features/company-settings/components/offer-export-page.tsx';

/** `/config/joboffers/export` (guarded with `config.export_job_offers`). */
export function OfferExportRoute() {
  return <OfferExportPage />;
}
