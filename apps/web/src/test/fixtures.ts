import type { TMe } from '@embauche/contracts/auth';
import { groupPermissions } from '@embauche/contracts/permissions';

export const RECRUITER_PERMISSIONS = ['sourcing.access', 'planner.access', 'project.list'];

export const ADMIN_PERMISSIONS = [
  ...RECRUITER_PERMISSIONS,
  'onboarding.access',
  'statistics.access',
  'config.access',
  'config.account',
  'config.workflow',
  'config.status',
  'config.emails',
  'config.offer_parameters',
  'internal.users_list',
  'internal.users_rights',
  'project_job_offer.billing',
];

export function makeMe(
  permissions: string[] = RECRUITER_PERMISSIONS,
  overrides: Partial<TMe> = {},
): TMe {
  return {
    id: 7,
    firstname: 'Camille',
    lastname: 'Martin',
    email: 'camille.martin@example.com',
    img_src: null,
    role: { id: 2, name: 'Recruteur' },
    role_id: 2,
    company_id: 1,
    company_name: 'Acme Industries',
    company_country: 'FR',
    company_slug: 'acme',
    organisation_type: 0,
    client_account: 5,
    support_url: null,
    career_site_url: 'https://careers.example.com/acme',
    super_admin: false,
    partner_admin: false,
    features: [],
    mercure_subscription_token: 'token',
    language: 'fr',
    time_zone: null,
    company_time_zone: 'Europe/Paris',
    subsidiary_mode: false,
    two_factor_enabled: false,
    permissions: groupPermissions(permissions),
    ...overrides,
  };
}
