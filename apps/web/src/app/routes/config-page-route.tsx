import type { ComponentType } from 'react';
import { canSeeEntry } from '../../features/config/lib/config-menu-filter.ts';
import type { ConfigMenuItem } from '../../features/config/lib/config-menu-items.ts';
import { RequirePermission } from '../guards/require-permission.tsx';
import { ComingSoon } from './coming-soon.tsx';
import { menuAccess } from './config-route.tsx';

/**
 * A config page, guarded by its menu entry's permission and feature: its `screen` when it has one,
 * else the "coming soon" of a later issue.
 */
export function ConfigPageRoute({ item, screen: Screen }: { item: ConfigMenuItem; screen?: ComponentType | undefined }) {
  return (
    <RequirePermission allowed={(me) => canSeeEntry(item, menuAccess(me))} headingLevel="h2">
      {Screen ? <Screen /> : <ComingSoon icon={item.icon} descriptionKey={`config:coming_soon.${item.id}`} />}
    </RequirePermission>
  );
}
