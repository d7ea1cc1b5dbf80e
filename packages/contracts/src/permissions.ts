/**
 * The permission catalogue: every `area.action` key the product knows.
 * Keys named by the spec keep the spec's spelling; the others are the actions later screens need.
 */
export const PERMISSIONS = [
  // main areas
  'sourcing.access',
  'onboarding.access',
  'statistics.access',
  'planner.access',
  'community.access',
  // projects and offers
  'project.list',
  'project.see_all',
  'project.create',
  'project.edit',
  'project.delete',
  'project_job_offer.create',
  'project_job_offer.edit',
  'project_job_offer.publish',
  'project_job_offer.archive',
  'project_job_offer.export',
  'project_job_offer.billing',
  // applications and applicants
  'project_application.see',
  // Spontaneous applications (no offer) and their applicants; without it only offers the user reaches.
  'project_application.see_spontaneous',
  'project_application.change_status',
  'project_application.edit',
  'project_application.duplicate',
  'project_application.add_manual',
  'project_application.transfer',
  'project_application.ask_documents',
  'project_application.sms',
  'project_application.email',
  'project_application.see_activity_feed',
  // configuration
  'config.access',
  'config.account',
  'config.workflow',
  'config.subsidiaries',
  'config.images_bank',
  'config.templates',
  'config.default_application_path',
  'config.company_description',
  'config.offer_parameters',
  'config.export_job_offers',
  'config.custom_fields',
  'config.status',
  'config.emails',
  'config.ed',
  'config.onboarding',
  'config.activity_logs',
  'config.notifications',
  'config.jobboards_list',
  'config.settings_sc',
  // internal administration of users
  'internal.users_list',
  'internal.users_rights',
  'internal.users_groups',
  // privileged
  'user.super_admin',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** What a route or a screen requires: a permission, any signed-in user (`*`), or nobody (`public`). */
export type Access = Permission | '*' | 'public';

/** The spec's key for reading activity feeds. */
export const SEE_ACTIVITY_FEED: Permission = 'project_application.see_activity_feed';

export type PermissionLookup = Record<string, Record<string, true>>;

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** Turns `['config.access', 'config.status']` into `{ config: { access: true, status: true } }`. */
export function groupPermissions(keys: readonly string[]): PermissionLookup {
  const lookup: PermissionLookup = {};
  for (const key of keys) {
    const dot = key.indexOf('.');
    if (dot <= 0) continue;
    const area = key.slice(0, dot);
    const action = key.slice(dot + 1);
    (lookup[area] ??= {})[action] = true;
  }
  return lookup;
}

export function hasPermission(lookup: PermissionLookup, key: string): boolean {
  if (key === '*') return true;
  const dot = key.indexOf('.');
  return lookup[key.slice(0, dot)]?.[key.slice(dot + 1)] === true;
}

/** Permissions that only the product's own staff hold; never granted through a company role editor. */
export const PRIVILEGED_PERMISSIONS: readonly Permission[] = ['user.super_admin'];
