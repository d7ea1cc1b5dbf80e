import type { ConfigMenuItem } from './config-menu-items.ts';

export type MenuAccess = { can: (permission: string) => boolean; features: readonly string[] };

export function canSeeEntry(item: ConfigMenuItem, access: MenuAccess): boolean {
  const permissions = item.permissions ?? ['*'];
  const permitted = permissions.includes('*') || permissions.some((permission) => access.can(permission));
  return permitted && (!item.feature || access.features.includes(item.feature));
}

/** Spec 6: an entry shows when permitted; a group keeps its permitted children and vanishes without any. */
export function filterMenu(items: ConfigMenuItem[], access: MenuAccess): ConfigMenuItem[] {
  return items.flatMap((item) => {
    if (!item.children) return canSeeEntry(item, access) ? [item] : [];
    const children = filterMenu(item.children, access);
    return children.length ? [{ ...item, children }] : [];
  });
}

/** Alphabetical by translated name at top level and within groups; pinned entries stay first. */
export function sortMenu(items: ConfigMenuItem[], label: (item: ConfigMenuItem) => string, locale?: string) {
  const compare = (a: ConfigMenuItem, b: ConfigMenuItem) =>
    label(a).localeCompare(label(b), locale, { sensitivity: 'base' });
  const sorted = items.map((item) =>
    item.children ? { ...item, children: [...item.children].sort(compare) } : item,
  );
  return [...sorted.filter((item) => item.pinned), ...sorted.filter((item) => !item.pinned).sort(compare)];
}

/** Case-insensitive; a group stays whole when its name matches, else with its matching children. */
export function searchMenu(items: ConfigMenuItem[], query: string, label: (item: ConfigMenuItem) => string) {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return items;
  const matches = (item: ConfigMenuItem) => label(item).toLocaleLowerCase().includes(needle);
  return items.flatMap((item) => {
    if (matches(item)) return [item];
    if (!item.children) return [];
    const children = item.children.filter(matches);
    return children.length ? [{ ...item, children }] : [];
  });
}

export function entryPaths(item: ConfigMenuItem): string[] {
  return item.path ? [item.path, ...(item.subPages ?? [])].map((path) => `/config/${path}`) : [];
}

/** Active by exact path or by path prefix followed by a slash. */
export function isActiveEntry(item: ConfigMenuItem, pathname: string): boolean {
  return entryPaths(item).some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

export function findActiveEntry(items: ConfigMenuItem[], pathname: string): ConfigMenuItem | undefined {
  for (const item of items) {
    if (item.children) {
      const found = findActiveEntry(item.children, pathname);
      if (found) return found;
    } else if (isActiveEntry(item, pathname)) {
      return item;
    }
  }
  return undefined;
}
