import { AdminInfosPage } from '../../features/company-settings/components/admin-infos-page.tsx';

/** `/config/account-infos/admin-infos`, inside the config layout (guarded with `config.account`). */
export function AccountAdminInfosRoute() {
  return <AdminInfosPage />;
}
