import { SsoDomainsPage } from '../../features/sso/components/sso-domains-page.tsx';

/** `/config/superadmin-section/sso-domains`, inside the config layout (guarded with `user.super_admin`). */
export function SsoDomainsRoute() {
  return <SsoDomainsPage />;
}
