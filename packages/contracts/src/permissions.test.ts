import { describe, expect, it } from 'vitest';
import { groupPermissions, hasPermission, isPermission, PERMISSIONS } from './permissions.ts';

describe('permissions', () => {
  it('groups area.action strings by area', () => {
    expect(groupPermissions(['config.access', 'config.status', 'sourcing.access', 'bad'])).toEqual({
      config: { access: true, status: true },
      sourcing: { access: true },
    });
  });
  it('answers a lookup, with * meaning anybody', () => {
    const lookup = groupPermissions(['config.access']);
    expect(hasPermission(lookup, 'config.access')).toBe(true);
    expect(hasPermission(lookup, 'config.status')).toBe(false);
    expect(hasPermission(lookup, '*')).toBe(true);
  });
  it('has every key the spec names, each once', () => {
    for (const key of [
      'sourcing.access',
      'onboarding.access',
      'statistics.access',
      'planner.access',
      'config.access',
      'project_job_offer.billing',
      'project.list',
      'project_application.sms',
      'user.super_admin',
      'internal.users_list',
      'internal.users_rights',
      'internal.users_groups',
      'config.settings_sc',
    ]) {
      expect(isPermission(key)).toBe(true);
    }
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    for (const key of PERMISSIONS) expect(key).toMatch(/^[a-z_]+\.[a-z_]+$/);
  });
});
