import type { ColumnType, Generated } from 'kysely';

/** Booleans come back as 0/1 from SQLite and true/false from PostgreSQL; map with `Boolean()`. */
export type Bool = ColumnType<boolean | number, boolean, boolean>;
/** ISO 8601 UTC text on both databases (timestamptz on PostgreSQL, parsed back to ISO text). */
export type Timestamp = ColumnType<string, string, string>;

export interface PartnersTable {
  id: Generated<number>;
  name: string;
  created_at: Timestamp;
}

export interface CompaniesTable {
  id: Generated<number>;
  social_reason: string;
  slug: string;
  country: string;
  organisation_type: number;
  client_account: number;
  support_url: string | null;
  sso_login_url: string | null;
  subsidiary_mode: Bool;
  partner_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CompanyFeaturesTable {
  company_id: number;
  feature: string;
}

export interface SubsidiariesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  created_at: Timestamp;
}

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
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token: a leaked table opens no session. */
  id: string;
  user_id: number;
  two_factor_pending: Bool;
  acting_company_id: number | null;
  acting_user_id: number | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface LoginAttemptsTable {
  key: string;
  count: number;
  window_start: Timestamp;
}

export interface DB {
  partners: PartnersTable;
  companies: CompaniesTable;
  company_features: CompanyFeaturesTable;
  subsidiaries: SubsidiariesTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  users: UsersTable;
  user_recovery_codes: UserRecoveryCodesTable;
  user_groups: UserGroupsTable;
  user_group_members: UserGroupMembersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
}
