import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { filterMenu, findActiveEntry, isActiveEntry, searchMenu, sortMenu, type MenuAccess } from './config-menu-filter.ts';
import { CONFIG_MENU, type ConfigMenuItem } from './config-menu-items.ts';

const t = createTestI18n('fr').t;
const label = (item: ConfigMenuItem) => t(item.labelKey);
const access = (permissions: string[], features: string[] = []): MenuAccess => ({
  can: (permission) => permissions.includes(permission),
  features,
});
const ids = (items: ConfigMenuItem[]) => items.map((item) => item.id);

describe('config menu', () => {
  it('keeps only permitted entries and drops empty groups', () => {
    const menu = filterMenu(CONFIG_MENU, access(['config.status', 'internal.users_list']));
    expect(ids(menu)).toEqual(['users', 'status']);
    expect(ids(menu[0]?.children ?? [])).toEqual(['users_list']);
  });

  it('needs the NonDiscrimination feature for offer parameters', () => {
    const without = filterMenu(CONFIG_MENU, access(['config.offer_parameters']));
    expect(without).toEqual([]);
    const withFeature = filterMenu(CONFIG_MENU, access(['config.offer_parameters'], ['NonDiscrimination']));
    expect(ids(withFeature[0]?.children ?? [])).toEqual(['offer_parameters']);
  });

  it('shows the superadmin section only to super admins', () => {
    expect(ids(filterMenu(CONFIG_MENU, access(['config.status'])))).not.toContain('superadmin');
    expect(ids(filterMenu(CONFIG_MENU, access(['user.super_admin'])))).toEqual(['superadmin']);
  });

  it('sorts alphabetically by translated name with Account pinned first', () => {
    const all = filterMenu(CONFIG_MENU, { can: () => true, features: ['NonDiscrimination'] });
    const sorted = sortMenu(all, label, 'fr');
    expect(sorted[0]?.id).toBe('account');
    const rest = sorted.slice(1).map(label);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base' })));
    const users = sorted.find((item) => item.id === 'users');
    expect(users?.children?.map(label)).toEqual(['Droits', 'Groupes', 'Liste des utilisateurs']);
  });

  it('searches case-insensitively and keeps a group whose child matches', () => {
    const all = filterMenu(CONFIG_MENU, { can: () => true, features: [] });
    const found = searchMenu(all, 'SIGNAT', label);
    expect(ids(found)).toEqual(['emails']);
    expect(ids(found[0]?.children ?? [])).toEqual(['email_signature']);
    const group = searchMenu(all, 'utilisateurs', label);
    expect(ids(group)).toEqual(['users']);
    expect(group[0]?.children).toHaveLength(3);
  });

  it('marks the active entry by exact path or prefix followed by a slash', () => {
    const workflow = CONFIG_MENU.find((item) => item.id === 'workflow');
    if (!workflow) throw new Error('workflow entry missing');
    expect(isActiveEntry(workflow, '/config/workflow')).toBe(true);
    expect(isActiveEntry(workflow, '/config/workflow/new')).toBe(true);
    expect(isActiveEntry(workflow, '/config/workflows')).toBe(false);
    expect(findActiveEntry(CONFIG_MENU, '/config/users/rights')?.id).toBe('users_rights');
  });
});
