import type { ColumnType, Generated } from 'kysely';
import type { Bool, BoolWithDefault, Timestamp } from './column-types.ts';

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

/** Projects, offers, their templates, images, application paths, grants and job boards. */
export interface OfferTables {
  projects: ProjectsTable;
  project_favorites: ProjectFavoritesTable;
  project_users: ProjectUsersTable;
  offers: OffersTable;
  offer_templates: OfferTemplatesTable;
  offer_images: OfferImagesTable;
  application_paths: ApplicationPathsTable;
  application_path_documents: ApplicationPathDocumentsTable;
  offer_favorites: OfferFavoritesTable;
  offer_users: OfferUsersTable;
  offer_groups: OfferGroupsTable;
  job_boards: JobBoardsTable;
  company_job_boards: CompanyJobBoardsTable;
  offer_postings: OfferPostingsTable;
  offer_alert_views: OfferAlertViewsTable;
  offer_counters: OfferCountersTable;
}
