/** Which family of routes the signed-in person uses (spec 7 "Super admin" or "Partner admin"). */
export type ActingFamily = 'superadmin' | 'partner';

/** The two families' paths: the super administrator's use `_`, the partner's `-` (spec 7). */
export const ACTING_PATHS = {
  superadmin: {
    changeCompany: '/superadmin/change_company',
    changeUser: '/superadmin/change_user',
    currentCompany: '/superadmin/current_company',
    currentUser: '/superadmin/current_user',
  },
  partner: {
    changeCompany: '/partner/change-company',
    changeUser: '/partner/change-user',
    currentCompany: '/partner/current-company',
    currentUser: '/partner/current-user',
  },
} as const;

export const actingKeys = {
  all: ['acting-as'] as const,
  companies: (family: ActingFamily, search: string, page: number) => ['acting-as', family, 'companies', search, page] as const,
  users: (family: ActingFamily, search: string, page: number) => ['acting-as', family, 'users', search, page] as const,
  roles: ['acting-as', 'partner', 'roles'] as const,
  currentCompany: (family: ActingFamily) => ['acting-as', family, 'current-company'] as const,
  currentUser: (family: ActingFamily) => ['acting-as', family, 'current-user'] as const,
  currentRole: ['acting-as', 'partner', 'current-role'] as const,
};

/** The family a person uses: a super administrator's first, else a partner administrator's. */
export function actingFamilyOf(me: { super_admin: boolean; partner_admin: boolean }): ActingFamily | null {
  if (me.super_admin) return 'superadmin';
  return me.partner_admin ? 'partner' : null;
}
