import { CustomFieldsPage } from '../../features/custom-fields/components/custom-fields-page.tsx';

/** `/config/custom-fields`, inside the config layout (config-routes.tsx guards it with `config.custom_fields`). */
export function CustomFieldsRoute() {
  return <CustomFieldsPage />;
}
