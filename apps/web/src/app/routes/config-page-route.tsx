import { canSeeEntry } from '../../features/config/lib/config-menu-filter.ts';
import type { ConfigMenuItem } from '../../features/config/lib/config-menu-items.ts';
import { RequirePermission } from '../guards/require-permission.tsx';
import { ComingSoon } from './coming-soon.tsx';
import { menuAccess } from './config-route.tsx';

/** A config page that a later issue builds; guarded by its menu entry's permission and feature. */
export function ConfigPageRoute({ item }: { item: ConfigMenuItem }) {
  return (
    <RequirePermission allowed={(me) => canSeeEntry(item, menuAccess(me))} headingLevel="h2">
      <ComingSoon icon={item.icon} descriptionKey={`config:coming_soon.${item.id}`} />
    </RequirePermission>
  );
}
