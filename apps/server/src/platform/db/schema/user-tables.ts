import type { Generated } from 'kysely';
import type { Bool, Timestamp } from './column-types.ts';

export interface RolesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  parent_id: number | null;
  created_at: Timestamp;
}

export interface RolePermissionsTable {
  role_id: number;
  permission: string;
}

export interface UsersTable {
  id: Generated<number>;
  company_id: number;
  role_id: number | null;
  subsidiary_id: number | null;
  firstname: string;
  lastname: string;
  email: string;
  password_hash: string | null;
  img_src: string | null;
  language: string;
  /** IANA, or null for the company's zone (migration 0059). */
  time_zone: string | null;
  super_admin: Bool;
  partner_admin: Bool;
  partner_id: number | null;
  active: Bool;
  totp_secret: string | null;
  totp_enabled: Bool;
  totp_last_used_step: number | null;
  last_login_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Timestamp | null;
}

export interface UserGroupsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  level: number;
  created_at: Timestamp;
}

export interface UserGroupMembersTable {
  group_id: number;
  user_id: number;
  /** Membership level (USER_GROUP_LEVELS of the users contracts), migration 0019. */
  level: Generated<number>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token: a leaked table opens no session. */
  id: string;
  user_id: number;
  two_factor_pending: Bool;
  acting_company_id: number | null;
  acting_user_id: number | null;
  /** The role a partner administrator acts as (migration 0021). */
  acting_role_id: number | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

/** A CSV import of users: its rows and results, for the admin who started it. */
export interface UserImportsTable {
  id: Generated<number>;
  company_id: number;
  created_by: number | null;
  status: string;
  total: number;
  done: Generated<number>;
  created: Generated<number>;
  rows: string | null;
  error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Password reset links (migration 0018): the token's SHA-256 only, one hour, single use. */
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  requested_ip: string | null;
}

export interface LoginAttemptsTable {
  key: string;
  count: number;
  window_start: Timestamp;
}

/** OpenID Connect settings of a company (migration 0022). */
export interface CompanySsoTable {
  id: Generated<number>;
  company_id: number;
  enabled: Bool;
  issuer_url: string;
  client_id: string;
  /** Sealed (platform/crypto/secret-box.ts), never sent to the browser. */
  client_secret: string;
  auto_create_users: Bool;
  default_role_id: number | null;
  default_language: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A company's claim of an e-mail domain for SSO (migration 0039): usable once verified. */
export interface SsoDomainsTable {
  id: Generated<number>;
  company_id: number;
  /** Lowercase; verified for one company at most. */
  domain: string;
  status: 'pending' | 'verified' | 'rejected';
  /** Published as `embauche-verification=<token>` in `_embauche-verification.<domain>` TXT. */
  token: string;
  created_at: Timestamp;
  verified_at: Timestamp | null;
  /** Who pressed "verify" (DNS) or approved (super administrator). */
  verified_by: number | null;
  verified_method: 'dns' | 'approval' | null;
}

/** A started SSO sign-in: ten minutes, once. */
export interface SsoLoginsTable {
  state_hash: string;
  company_id: number;
  /** Sealed JSON `{nonce, code_verifier}`. */
  secrets: string;
  redirect_uri: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** Users, their roles and groups, sessions, sign-in and SSO. */
export interface UserTables {
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  users: UsersTable;
  user_recovery_codes: UserRecoveryCodesTable;
  user_groups: UserGroupsTable;
  user_group_members: UserGroupMembersTable;
  sessions: SessionsTable;
  user_imports: UserImportsTable;
  password_resets: PasswordResetsTable;
  login_attempts: LoginAttemptsTable;
  company_sso: CompanySsoTable;
  sso_domains: SsoDomainsTable;
  sso_logins: SsoLoginsTable;
}
