import { SubsidiariesPage } from '../../features/subsidiaries/components/subsidiaries-page.tsx';

/** `/config/subsidiaries`, inside the config layout (config-routes.tsx guards it with `config.subsidiaries`). */
export function SubsidiariesRoute() {
  return <SubsidiariesPage />;
}
