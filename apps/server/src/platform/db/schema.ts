import type { ColumnType, Generated } from 'kysely';

/** Booleans come back as 0/1 from SQLite and true/false from PostgreSQL; map with `Boolean()`. */
export type Bool = ColumnType<boolean | number, boolean, boolean>;
/** A boolean with a database default: optional on insert. */
export type BoolWithDefault = ColumnType<boolean | number, boolean | undefined, boolean>;
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
  /** Days an application may stay `new` before its offer is in alert. */
  alert_delay_days: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Company settings (0025, modules/company-settings). */
  logo_key: string | null;
  logo_version: string | null;
  default_language: Generated<string>;
  time_zone: Generated<string>;
  plan_name: string | null;
  seats_allowed: number | null;
  renewal_date: string | null;
  company_description: string | null;
  require_gender_mention: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** JSON array of words. */
  forbidden_words: string | null;
  mandatory_mentions: string | null;
}

/** An on-demand export of a company's offers (0025, modules/company-settings). */
export interface OfferExportsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number | null;
  format: string;
  /** JSON array of column names. */
  columns: string;
  language: string;
  status: string;
  progress: Generated<number>;
  total: number | null;
  file_key: string | null;
  filename: string | null;
  error: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
  /** The schedule it was written for (0032), null for an on-demand export. */
  schedule_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A company's recurring offer export (0032, modules/company-settings). */
export interface OfferExportSchedulesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  /** daily | weekly | monthly */
  frequency: string;
  /** 1 (Monday) to 7 (Sunday), weekly only. */
  weekday: number | null;
  /** 1 to 28, monthly only. */
  month_day: number | null;
  /** 0 to 23, in the company's time zone. */
  hour: number;
  format: string;
  /** JSON array of column names. */
  columns: string;
  language: string;
  /** JSON array of user ids. */
  recipient_ids: string;
  enabled: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** Null while disabled. */
  next_run_at: Timestamp | null;
  last_run_at: Timestamp | null;
  last_export_id: number | null;
  created_by: number | null;
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
  /** The parent subsidiary (migration 0027): the company's subsidiaries form a tree. */
  parent_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Archived ones leave the pickers but keep their links (migration 0027). */
  archived: BoolWithDefault;
  archived_at: ColumnType<string | null, string | null | undefined, string | null>;
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

/** Password reset links (migration 0018): the token's SHA-256 only, one hour, single use. */
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

/** Custom fields (migration 0028): typed fields of offers, applicants or applications. */
export interface CustomFieldsTable {
  id: Generated<number>;
  company_id: number;
  /** offer | applicant | application */
  entity: string;
  type: string;
  label: string;
  required: BoolWithDefault;
  /** JSON array of the choices' labels (empty for other types). */
  options: string;
  show_in_form: BoolWithDefault;
  show_in_list: BoolWithDefault;
  position: number;
  archived: BoolWithDefault;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One value of a custom field for one offer, applicant or application (`entity_id`). */
export interface CustomFieldValuesTable {
  company_id: number;
  field_id: number;
  entity_id: number;
  value: string;
  /** The value's first 191 characters, indexed for filters. */
  value_key: string;
  updated_at: Timestamp;
}

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

export interface ProjectsTable {
  id: Generated<number>;
  company_id: number;
  parent_id: number | null;
  name: string;
  /** 0 folder, 1 leaf. */
  type: number;
  subsidiary_id: number | null;
  created_by: number | null;
  /** Application settings: applicants may join documents (their motivation is shown). */
  documents_enabled: BoolWithDefault;
  /** The project's workflow (null: the company's default). */
  workflow_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProjectFavoritesTable {
  company_id: number;
  user_id: number;
  project_id: number;
  created_at: Timestamp;
}

export interface ProjectUsersTable {
  company_id: number;
  project_id: number;
  user_id: number;
}

export interface OffersTable {
  id: Generated<number>;
  company_id: number;
  project_id: number;
  job_position: string;
  reference: string | null;
  description: string | null;
  contract_type: string | null;
  location: string | null;
  department: string | null;
  remote: string;
  salary_min: number | null;
  salary_max: number | null;
  subsidiary_id: number | null;
  /** The offer's workflow (null: its project's, then the company's default). */
  workflow_id: ColumnType<number | null, number | null | undefined, number | null>;
  status: string;
  archived: Bool;
  archived_reason: string | null;
  archived_comment: string | null;
  archived_at: Timestamp | null;
  /** yyyy-MM-dd */
  closing_date: string | null;
  published_at: Timestamp | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The bank image the offer shows (migration 0029, modules/offer-settings). */
  image_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Offer templates (migration 0029, modules/offer-settings). */
export interface OfferTemplatesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  job_position: string | null;
  contract_type: string | null;
  location: string | null;
  department: string | null;
  remote: string;
  salary_min: number | null;
  salary_max: number | null;
  description: string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The company's image bank (migration 0029); the bytes live in the file storage. */
export interface OfferImagesTable {
  id: Generated<number>;
  company_id: number;
  filename: string;
  mime: string;
  size: number;
  width: number;
  height: number;
  thumb_width: number;
  thumb_height: number;
  storage_key: string;
  thumb_key: string;
  created_by: number | null;
  created_at: Timestamp;
}

/** The company's default application form (migration 0029): field modes as JSON text. */
export interface ApplicationPathsTable {
  company_id: number;
  fields: string;
  updated_at: Timestamp;
}

export interface ApplicationPathDocumentsTable {
  company_id: number;
  document_type_id: number;
}

export interface OfferFavoritesTable {
  company_id: number;
  user_id: number;
  offer_id: number;
  created_at: Timestamp;
}

export interface OfferUsersTable {
  company_id: number;
  offer_id: number;
  user_id: number;
}

/** An offer granted to a group: its members reach it as if granted directly (migration 0030). */
export interface OfferGroupsTable {
  company_id: number;
  offer_id: number;
  group_id: number;
}

export interface JobBoardsTable {
  id: number;
  name: string;
  slug: string;
  logo_url: string | null;
  active: Bool;
}

/** A company's use of a board of the catalogue (migration 0027); no row: enabled, no credentials. */
export interface CompanyJobBoardsTable {
  company_id: number;
  job_board_id: number;
  enabled: BoolWithDefault;
  /** Sealed JSON object of the board's credential fields (secret-box), never sent out. */
  credentials: string | null;
  updated_at: Timestamp;
}

export interface OfferPostingsTable {
  company_id: number;
  offer_id: number;
  job_board_id: number;
  posted_at: Timestamp;
  removed_at: Timestamp | null;
}

export interface OfferAlertViewsTable {
  company_id: number;
  user_id: number;
  offer_id: number;
  seen_at: Timestamp;
}

/** An applicant on an offer, or a spontaneous application (offer_id null). */
export interface ApplicationsTable {
  id: Generated<number>;
  company_id: number;
  offer_id: number | null;
  applicant_id: number | null;
  status_id: number;
  motif_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The job board the application came from (`idjobboard_provenance`). */
  jobboard_id: ColumnType<number | null, number | null | undefined, number | null>;
  recruited_at: ColumnType<string | null, string | null | undefined, string | null>;
  status_changed_at: ColumnType<string | null, string | null | undefined, string | null>;
  motivation: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StatusesTable {
  id: Generated<number>;
  /** null: a default status of every company. */
  company_id: number | null;
  name: string;
  default_status: Bool;
  created_at: Timestamp;
}

export interface CompanyStatusesTable {
  company_id: number;
  status_id: number;
  position: number;
}

export interface MotifsTable {
  id: Generated<number>;
  company_id: number | null;
  name: string;
  default_motif: Bool;
  /** The status the motif explains (null: any status that needs a motif). */
  status_id: ColumnType<number | null, number | null | undefined, number | null>;
  hidden: BoolWithDefault;
  created_at: Timestamp;
}

/** A company's named workflow (issue 17); one per company is its default. */
export interface WorkflowsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  is_default: BoolWithDefault;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WorkflowStatusesTable {
  company_id: number;
  workflow_id: number;
  status_id: number;
  position: number;
}

/** A company's own name, colour and hiding of a status (default or its own). */
export interface CompanyStatusSettingsTable {
  company_id: number;
  status_id: number;
  name: string | null;
  color: string | null;
  hidden: BoolWithDefault;
}

/** A company's own name for, or hiding of, a default motif. */
export interface CompanyMotifSettingsTable {
  company_id: number;
  motif_id: number;
  name: string | null;
  hidden: BoolWithDefault;
}

export interface ApplicantsTable {
  id: Generated<number>;
  company_id: number;
  firstname: string;
  lastname: string;
  email: string | null;
  phone: string | null;
  img_src: string | null;
  provenance_id: number | null;
  jobboard_id: number | null;
  source_url: string | null;
  cv_key: string | null;
  cv_filename: string | null;
  cv_mime: string | null;
  cv_text: string | null;
  cv_extracted_at: Timestamp | null;
  motivation: string | null;
  visio_url: string | null;
  visio_at: Timestamp | null;
  visio_notes: string | null;
  /** The newest application (migration 0016, kept by triggers: last-application.ts). */
  last_application_id: number | null;
  last_status_id: number | null;
  last_applied_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TagsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  created_at: Timestamp;
}

export interface ApplicantTagsTable {
  company_id: number;
  applicant_id: number;
  tag_id: number;
}

export interface DocumentTypesTable {
  id: Generated<number>;
  company_id: number | null;
  name: string;
  default_type: Bool;
  created_at: Timestamp;
}

export interface ApplicantDocumentsTable {
  id: Generated<number>;
  company_id: number;
  applicant_id: number;
  document_type_id: number | null;
  storage_key: string;
  filename: string;
  mime: string;
  size: number;
  uploaded_at: Timestamp;
}

export interface DocumentRequestsTable {
  id: Generated<number>;
  company_id: number;
  applicant_id: number;
  /** SHA-256 of the link's token. */
  token_hash: string;
  expires_at: Timestamp;
  created_by: number | null;
  created_at: Timestamp;
  fulfilled_at: Timestamp | null;
}

export interface DocumentRequestItemsTable {
  request_id: number;
  document_type_id: number;
  document_id: number | null;
  uploaded_at: Timestamp | null;
}

export interface AssessmentTestsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  created_at: Timestamp;
}

export interface ApplicationTestsTable {
  company_id: number;
  application_id: number;
  test_id: number;
  /** sent | completed */
  status: string;
  score: number | null;
  sent_at: Timestamp;
  completed_at: Timestamp | null;
}

export interface AiSummariesTable {
  id: Generated<number>;
  company_id: number;
  /** application | applicant */
  subject_type: string;
  subject_id: number;
  text: string;
  /** local | http */
  source: string;
  model: string | null;
  /** fr | en | es | de; null for summaries written before languages were kept */
  language: string | null;
  created_at: Timestamp;
}

export interface JobsTable {
  id: Generated<number>;
  type: string;
  /** JSON text. */
  payload: string;
  /** queued | running | done | dead */
  status: string;
  attempts: number;
  max_attempts: number;
  run_at: Timestamp;
  last_error: string | null;
  locked_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<number>;
  company_id: number | null;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** outbox (kept for the development page) | smtp */
  transport: string;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  error: string | null;
  /** Copies and blind copies, comma-joined addresses. */
  cc: string | null;
  bcc: string | null;
  reply_to: string | null;
  /** The display name of the From header (the address stays MAIL_FROM's). */
  from_name: string | null;
}

/** FTS5 (SQLite; rowid = applicant id) or a tsvector row (PostgreSQL); only the repository touches it. */
export interface ApplicantSearchTable {
  applicant_id: number;
  company_id: number;
  document: string;
  /** PostgreSQL only: the applicant's facet values, kept by triggers (search-facets.ts). */
  src: Generated<number | null>;
  jb: Generated<number | null>;
  cv: Generated<number>;
  created_at: Generated<string | null>;
  la: Generated<number | null>;
  ls: Generated<number | null>;
  lp: Generated<string | null>;
  tags: Generated<number[]>;
}

/** PostgreSQL only: an applicant's name, e-mail and tag words, kept by a trigger (search-identity.ts). */
export interface ApplicantIdentityTable {
  applicant_id: number;
  company_id: number;
  identity: string;
}

/** PostgreSQL, kept by a trigger (search-words.ts): one identity word of an applicant per row. */
export interface ApplicantWordsTable {
  company_id: number;
  word: string;
  applicant_id: number;
}

/** Kept by triggers (counters.ts): an offer's applications, those `new`, the oldest `new` one. */
export interface OfferCountersTable {
  offer_id: number;
  company_id: number;
  total: number;
  to_treat: number;
  oldest_new_at: Timestamp | null;
  /** Its offer's flag (migration 0011), kept by triggers. */
  archived: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** Its offer's project (migration 0035), kept by triggers. */
  project_id: ColumnType<number | null, never, never>;
}

/** Kept by triggers (counters.ts): the company's applicants. */
export interface CompanyCountersTable {
  company_id: number;
  applicants: number;
  /** Its applications still `new` on an offer (migration 0036), kept by triggers. */
  to_treat: Generated<number>;
  /** Its offers not archived with an application still `new` (migration 0036), kept by triggers. */
  open_offers_to_treat: Generated<number>;
}

/** A comment or an event of an offer's and/or an applicant's activity feed (migration 0009). */
export interface ActivityFeedEntriesTable {
  id: Generated<number>;
  company_id: number;
  offer_id: number | null;
  applicant_id: number | null;
  /** The thread's first entry, for a reply. */
  parent_id: number | null;
  /** FEED_KINDS */
  kind: string;
  /** FEED_CATEGORIES, from the kind. */
  category: string;
  author_user_id: number | null;
  outsider_name: string | null;
  outsider_share_key: string | null;
  text: string | null;
  /** JSON text: an event's details. */
  data: string | null;
  status_id: number | null;
  is_private: BoolWithDefault;
  source: string | null;
  edited_at: Timestamp | null;
  edited_by: number | null;
  created_at: Timestamp;
}

export interface ActivityFeedAudienceUsersTable {
  entry_id: number;
  user_id: number;
}

export interface ActivityFeedAudienceSubsidiariesTable {
  entry_id: number;
  subsidiary_id: number;
}

export interface ActivityFeedUserMentionsTable {
  entry_id: number;
  user_id: number;
}

export interface ActivityFeedGroupMentionsTable {
  entry_id: number;
  group_id: number;
}

export interface ActivityFeedAttachmentsTable {
  id: Generated<number>;
  company_id: number;
  entry_id: number;
  storage_key: string;
  filename: string;
  mime: string;
  size: number;
  created_at: Timestamp;
}

/** A shared link (0010): one applicant or application, some sections, a hashed token, an expiry. */
export interface SharesTable {
  id: Generated<number>;
  company_id: number;
  applicant_id: number;
  application_id: number | null;
  offer_id: number | null;
  /** applicant | application */
  type: string;
  /** SHA-256 of the link's token (hex). */
  token_hash: string;
  /** Comma-joined SHARE_SECTIONS. */
  sections: string;
  /** JSON array of the addresses a transfer sent it to; null on demand. */
  recipients: string | null;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_by: number | null;
  created_by: number | null;
  created_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  /** JSON text: the notification's data (spec 3). */
  data: string;
  read_at: Timestamp | null;
  created_at: Timestamp;
}

export interface SmsConversationsTable {
  id: Generated<number>;
  company_id: number;
  application_id: number;
  applicant_id: number;
  offer_id: number;
  last_message_id: number | null;
  last_message_at: Timestamp;
  last_inbound: BoolWithDefault;
  /** The last message is an applicant's reply nobody has read. */
  unread: BoolWithDefault;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SmsMessagesTable {
  id: Generated<number>;
  company_id: number;
  conversation_id: number;
  /** `outbound` (to the applicant) or `inbound` (the applicant's reply). */
  direction: string;
  user_id: number | null;
  body: string;
  to_phone: string;
  from_phone: string;
  provider: string;
  provider_id: string | null;
  /** pending, sent, received, failed. */
  state: string;
  reason: string | null;
  segments: number;
  read_at: Timestamp | null;
  sent_at: Timestamp | null;
  received_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  company_id: number;
  message_id: number;
  provider_id: string;
  to_phone: string;
  from_phone: string;
  body: string;
  created_at: Timestamp;
}

/** Issue 15: `applicant_amount` counts the entries, written with them. */
export interface RecruitmentListsTable {
  id: Generated<number>;
  company_id: number;
  creator_id: number;
  name: string;
  description: string | null;
  private: BoolWithDefault;
  collaborative: BoolWithDefault;
  applicant_amount: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RecruitmentListUsersTable {
  list_id: number;
  user_id: number;
}

export interface RecruitmentListApplicantsTable {
  id: Generated<number>;
  list_id: number;
  /** null once the applicant was erased: the entry stays, shown apart. */
  applicant_id: number | null;
  added_by: number | null;
  added_at: Timestamp;
}

/** The audit trail (migration 0017): append-only, triggers refuse updates and deletes. */
export interface AuditLogTable {
  id: Generated<number>;
  company_id: number;
  /** The real person, even while acting as someone (no foreign key: kept after the user is gone). */
  actor_user_id: number | null;
  acting_as_user_id: number | null;
  acting_as_company_id: number | null;
  /** AUDIT_ACTIONS */
  action: string;
  target_type: string | null;
  target_id: number | null;
  /** Small JSON text, never a secret. */
  details: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
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

export interface CompanySsoDomainsTable {
  id: Generated<number>;
  company_id: number;
  /** Lowercase, unique across companies. */
  domain: string;
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

export interface DB {
  company_sso: CompanySsoTable;
  company_sso_domains: CompanySsoDomainsTable;
  sso_logins: SsoLoginsTable;
  password_resets: PasswordResetsTable;
  user_imports: UserImportsTable;
  custom_fields: CustomFieldsTable;
  custom_field_values: CustomFieldValuesTable;
  partners: PartnersTable;
  companies: CompaniesTable;
  company_features: CompanyFeaturesTable;
  offer_exports: OfferExportsTable;
  offer_export_schedules: OfferExportSchedulesTable;
  subsidiaries: SubsidiariesTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  users: UsersTable;
  user_recovery_codes: UserRecoveryCodesTable;
  user_groups: UserGroupsTable;
  user_group_members: UserGroupMembersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  projects: ProjectsTable;
  project_favorites: ProjectFavoritesTable;
  project_users: ProjectUsersTable;
  offers: OffersTable;
  offer_favorites: OfferFavoritesTable;
  offer_users: OfferUsersTable;
  offer_groups: OfferGroupsTable;
  job_boards: JobBoardsTable;
  company_job_boards: CompanyJobBoardsTable;
  offer_postings: OfferPostingsTable;
  offer_alert_views: OfferAlertViewsTable;
  applications: ApplicationsTable;
  statuses: StatusesTable;
  company_statuses: CompanyStatusesTable;
  motifs: MotifsTable;
  workflows: WorkflowsTable;
  workflow_statuses: WorkflowStatusesTable;
  company_status_settings: CompanyStatusSettingsTable;
  company_motif_settings: CompanyMotifSettingsTable;
  applicants: ApplicantsTable;
  tags: TagsTable;
  applicant_tags: ApplicantTagsTable;
  document_types: DocumentTypesTable;
  offer_templates: OfferTemplatesTable;
  offer_images: OfferImagesTable;
  application_paths: ApplicationPathsTable;
  application_path_documents: ApplicationPathDocumentsTable;
  applicant_documents: ApplicantDocumentsTable;
  document_requests: DocumentRequestsTable;
  document_request_items: DocumentRequestItemsTable;
  assessment_tests: AssessmentTestsTable;
  application_tests: ApplicationTestsTable;
  ai_summaries: AiSummariesTable;
  jobs: JobsTable;
  mail_outbox: MailOutboxTable;
  applicant_search: ApplicantSearchTable;
  applicant_identity: ApplicantIdentityTable;
  applicant_words: ApplicantWordsTable;
  offer_counters: OfferCountersTable;
  company_counters: CompanyCountersTable;
  activity_feed_entries: ActivityFeedEntriesTable;
  activity_feed_audience_users: ActivityFeedAudienceUsersTable;
  activity_feed_audience_subsidiaries: ActivityFeedAudienceSubsidiariesTable;
  activity_feed_user_mentions: ActivityFeedUserMentionsTable;
  activity_feed_group_mentions: ActivityFeedGroupMentionsTable;
  activity_feed_attachments: ActivityFeedAttachmentsTable;
  shares: SharesTable;
  notifications: NotificationsTable;
  sms_conversations: SmsConversationsTable;
  sms_messages: SmsMessagesTable;
  sms_outbox: SmsOutboxTable;
  recruitment_lists: RecruitmentListsTable;
  recruitment_list_users: RecruitmentListUsersTable;
  recruitment_list_applicants: RecruitmentListApplicantsTable;
  audit_log: AuditLogTable;
}
