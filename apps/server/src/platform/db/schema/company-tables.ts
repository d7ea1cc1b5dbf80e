import type { ColumnType, Generated } from 'kysely';
import type { Bool, BoolWithDefault, Timestamp } from './column-types.ts';

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
  /** Asked on the career site's apply form (applicant and application fields; migration 0046). */
  ask_candidates: BoolWithDefault;
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

/** A company's career-site settings (0042, modules/career-site); JSON text columns. */
export interface CareerSitesTable {
  company_id: number;
  show_logo: BoolWithDefault;
  primary_color: string;
  accent_color: string;
  cover_image_id: number | null;
  /** JSON array of languages. */
  languages: string;
  /** JSON object language → text. */
  introductions: string;
  /** JSON array of CAREER_OFFER_FIELDS. */
  offer_fields: string;
  talent_community: BoolWithDefault;
  updated_at: Timestamp;
}

/** Every saved version of a language's privacy notice (0042); never updated nor deleted. */
export interface CareerSitePrivacyNoticesTable {
  id: Generated<number>;
  company_id: number;
  language: string;
  version: number;
  text: string;
  created_by: number | null;
  created_at: Timestamp;
}

/** A slug the company gave up (0042): it redirects to the current one and stays the company's. */
export interface CareerSiteSlugsTable {
  slug: string;
  company_id: number;
  replaced_at: Timestamp;
}

/** The company, its settings, subsidiaries and custom fields. */
/** E-mail models (migration 0047): a company's models per kind, one default per kind. */
export interface MailModelsTable {
  id: Generated<number>;
  company_id: number;
  /** contracts/mail-models.ts MAIL_KINDS */
  kind: string;
  name: string;
  is_default: BoolWithDefault;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A model's content in one language: the editor's MJML, the compiled HTML and the text part. */
export interface MailModelContentsTable {
  model_id: number;
  company_id: number;
  language: string;
  subject: string;
  mjml: string;
  html: string;
  text: string;
  updated_at: Timestamp;
}

/** A mailing (migration 0048): one e-mail written to one or many applicants. */
export interface MailingsTable {
  id: Generated<number>;
  company_id: number;
  created_by: number | null;
  model_id: number | null;
  model_name: string | null;
  subject: string;
  /** JSON `{ "<lng>": { subject, html, text } }`. */
  contents: string;
  /** scheduled | sending | done | cancelled */
  status: string;
  bulk: BoolWithDefault;
  total: number;
  sent: ColumnType<number, number | undefined, number>;
  skipped_no_email: ColumnType<number, number | undefined, number>;
  skipped_unsubscribed: ColumnType<number, number | undefined, number>;
  skipped_cancelled: ColumnType<number, number | undefined, number>;
  send_at: Timestamp;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

/** One applicant of a mailing, written to once (`status` pending → sent or skipped). */
export interface MailingRecipientsTable {
  id: Generated<number>;
  mailing_id: number;
  company_id: number;
  /** The applicant written to; null for a community member (0060). */
  applicant_id: number | null;
  application_id: number | null;
  status: string;
  reason: string | null;
  mail_id: number | null;
  /** The talent community member written to (0060), else null. */
  member_id: number | null;
}

/** A file sent with every e-mail of a mailing (0058), stored once under `mail-attachments/`. */
export interface MailingAttachmentsTable {
  id: Generated<number>;
  company_id: number;
  mailing_id: number;
  filename: string;
  mime: string;
  size: number;
  storage_key: string;
}

export interface CompanyTables {
  career_sites: CareerSitesTable;
  career_site_privacy_notices: CareerSitePrivacyNoticesTable;
  career_site_slugs: CareerSiteSlugsTable;
  partners: PartnersTable;
  companies: CompaniesTable;
  offer_exports: OfferExportsTable;
  offer_export_schedules: OfferExportSchedulesTable;
  company_features: CompanyFeaturesTable;
  subsidiaries: SubsidiariesTable;
  custom_fields: CustomFieldsTable;
  custom_field_values: CustomFieldValuesTable;
  mail_models: MailModelsTable;
  mail_model_contents: MailModelContentsTable;
  mailings: MailingsTable;
  mailing_recipients: MailingRecipientsTable;
  mailing_attachments: MailingAttachmentsTable;
}
