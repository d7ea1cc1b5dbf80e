import { ApplicationPathPage } from '../../features/offer-settings/components/application-path-page.tsx';

/** `/config/joboffers/application-path`, inside the config layout (guarded with `config.default_application_path`). */
export function ApplicationPathRoute() {
  return <ApplicationPathPage />;
}
