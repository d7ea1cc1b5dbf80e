/**
 * Acting as another company, role or user (issue 16 item 3; spec 3 "Spoofing entities", 4
 * "Spoofing", 6, 7 "Super admin" and "Partner admin"). Every path is under `/api`.
 *
 * Super administrator (the REAL person's `super_admin` flag, even while acting; others get 403):
 *   PUT  /superadmin/change_company {company_id} → 204   any company
 *   PUT  /superadmin/change_user {user_id}        → 204   an active user of the acted-as company
 *   POST /superadmin/reset                        → 204   back to one's own company and user
 *   POST /superadmin/reset-user                   → 204   back to the acted-as company alone
 *   GET  /superadmin/current_company → ZActingCompany; /current_user → ZActingUser
 *   GET  /superadmin/companies?page&per_page&filter[search] → ZActingCompanyPage (every company)
 *   GET  /superadmin/users?page&per_page&filter[search]     → ZActingUserPage
 *
 * Partner administrator (the real person's `partner_admin` flag; others get 403):
 *   PUT  /partner/change-company {company_id} → 204   a company linked to the partner, else 404
 *   PUT  /partner/change-role {role_id}       → 204   a role of the acted-as company, else 404
 *   PUT  /partner/change-user {user_id}       → 204   an active user of the acted-as company
 *   POST /partner/reset, /partner/reset-user  → 204
 *   GET  /partner/current-company → ZActingCompany; /current-role → ZActingRole | null;
 *        /current-user → ZActingUser
 *   GET  /partner/companies?page&per_page&filter[search] → ZActingCompanyPage (linked ones only)
 *   GET  /partner/roles → ZActingRole[] (the acted-as company's tree, flat: one root whose
 *        parent_id is null; empty while no company is acted as)
 *   GET  /partner/users?page&per_page&filter[search] → ZActingUserPage
 *
 * Users lists hold the active users of the acted-as company (empty while none is acted as), never
 * a super administrator: nobody acts as one (404). A company, role or user out of reach is 404.
 * Every successful change or reset opens a new session (a new cookie) and is written to the audit
 * trail with the real person; a reset while nothing is acted as changes nothing.
 * `filter[search]`: part of the company's name, or of the user's name or e-mail.
 */
import { z } from 'zod';
import { ZMe } from './auth.ts';
import { ZId } from './ids.ts';
import { ZPageQuery, zPaged } from './paging.ts';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const ZActingListQuery = ZPageQuery.extend({
  'filter[search]': z.preprocess(
    emptyToUndefined,
    z.string().trim().max(255, 'max_length:255').optional(),
  ),
});
export type TActingListQuery = z.input<typeof ZActingListQuery>;
export type TActingListFilters = z.output<typeof ZActingListQuery>;

/** Spec 3: company (id, social_reason, spoofed flag): `spoofed` while it is the one acted as. */
export const ZActingCompany = z.object({
  id: z.number().int(),
  social_reason: z.string(),
  spoofed: z.boolean(),
});
export type TActingCompany = z.infer<typeof ZActingCompany>;
export const ZActingCompanyPage = zPaged(ZActingCompany);
export type TActingCompanyPage = z.infer<typeof ZActingCompanyPage>;

/** Spec 3: user (id, firstname, lastname, role name, spoofed flag). */
export const ZActingUser = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  role_name: z.string().nullable(),
  spoofed: z.boolean(),
});
export type TActingUser = z.infer<typeof ZActingUser>;
export const ZActingUserPage = zPaged(ZActingUser);
export type TActingUserPage = z.infer<typeof ZActingUserPage>;

/** Spec 3: role (id, name, parent_id; a tree with one root whose parent_id is null). */
export const ZActingRole = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
});
export type TActingRole = z.infer<typeof ZActingRole>;

export const ZChangeCompany = z.object({ company_id: ZId });
export const ZChangeRole = z.object({ role_id: ZId });
export const ZChangeUser = z.object({ user_id: ZId });

const ZNamed = z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string() });

/**
 * `acting_as` of `GET /api/me` (the banner): the real person and what they act as; null when they
 * act as nobody. Names only, so the banner needs no other call.
 */
export const ZActingAsMe = z.object({
  real_user: ZNamed,
  company: z.object({ id: z.number().int(), social_reason: z.string() }),
  role: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  user: ZNamed.nullable(),
});
export type TActingAsMe = z.infer<typeof ZActingAsMe>;

/** `GET /api/me`'s answer: ZMe and `acting_as` (kept out of auth.ts, which the login page loads). */
export const ZMeResponse = ZMe.extend({ acting_as: ZActingAsMe.nullish() });
