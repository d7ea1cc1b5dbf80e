import { Outlet, useLocation } from 'react-router';
import type { TMe } from '@embauche/contracts/auth';
import { ConfigLayout } from '../../features/config/components/config-layout.tsx';
import { filterMenu, type MenuAccess } from '../../features/config/lib/config-menu-filter.ts';
import { CONFIG_MENU } from '../../features/config/lib/config-menu-items.ts';
import { canUser, useCurrentUser } from '../session/use-current-user.ts';

export function menuAccess(me: TMe): MenuAccess {
  return { can: (permission) => canUser(me, permission), features: me.features };
}

export function ConfigRoute() {
  const me = useCurrentUser();
  const { pathname } = useLocation();
  return (
    <ConfigLayout items={filterMenu(CONFIG_MENU, menuAccess(me))} pathname={pathname}>
      <Outlet />
    </ConfigLayout>
  );
}
