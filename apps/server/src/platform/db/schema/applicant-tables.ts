import type { ColumnType, Generated } from 'kysely';
import type { Bool, BoolWithDefault, Timestamp } from './column-types.ts';

export interface ApplicantsTable {
  id: Generated<number>;
  company_id: number;
  firstname: string;
  lastname: string;
  email: string | null;
  /** `unsubscribed` (the link of a bulk e-mail) or `bounced` (the mail server refused it); migration 0048. */
  email_blocked: string | null;
  email_blocked_at: Timestamp | null;
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

/** Kept by triggers (counters.ts): the company's applicants. */
export interface CompanyCountersTable {
  company_id: number;
  applicants: number;
  /** Its applications still `new` on an offer (migration 0036), kept by triggers. */
  to_treat: Generated<number>;
  /** Its offers not archived with an application still `new` (migration 0036), kept by triggers. */
  open_offers_to_treat: Generated<number>;
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

/** Applicants, their tags, documents, AI summaries, search rows and recruitment lists. */
export interface ApplicantTables {
  applicants: ApplicantsTable;
  tags: TagsTable;
  applicant_tags: ApplicantTagsTable;
  document_types: DocumentTypesTable;
  applicant_documents: ApplicantDocumentsTable;
  document_requests: DocumentRequestsTable;
  document_request_items: DocumentRequestItemsTable;
  ai_summaries: AiSummariesTable;
  applicant_search: ApplicantSearchTable;
  applicant_identity: ApplicantIdentityTable;
  applicant_words: ApplicantWordsTable;
  company_counters: CompanyCountersTable;
  recruitment_lists: RecruitmentListsTable;
  recruitment_list_users: RecruitmentListUsersTable;
  recruitment_list_applicants: RecruitmentListApplicantsTable;
}
