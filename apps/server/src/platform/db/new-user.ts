import type { Insertable } from 'kysely';
import type { UsersTable } from './schema.ts';

/** What an administrator, an import or a first SSO sign-in decides about a new account. */
export type NewUserFields = {
  company_id: number;
  role_id: number | null;
  subsidiary_id: number | null;
  firstname: string;
  lastname: string;
  email: string;
  language: string;
};

/**
 * A new account's row: active, no password yet (an invitation or the identity provider gives the
 * way in), no second factor, no privilege — whoever creates it.
 */
export function newUserRow(fields: NewUserFields, now: string): Insertable<UsersTable> {
  return {
    ...fields,
    password_hash: null,
    img_src: null,
    super_admin: false,
    partner_admin: false,
    partner_id: null,
    active: true,
    totp_secret: null,
    totp_enabled: false,
    totp_last_used_step: null,
    last_login_at: null,
    created_at: now,
    updated_at: now,
  };
}
