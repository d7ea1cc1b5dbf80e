import type { ColumnType, Generated } from 'kysely';
import type { Bool, BoolWithDefault, Timestamp } from './column-types.ts';

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

/** An application sent from the career site: the consent it carries (0043, modules/career-site). */
export interface CareerSiteApplicationsTable {
  id: Generated<number>;
  company_id: number;
  application_id: number;
  notice_id: number | null;
  notice_language: string;
  notice_version: number;
  consented_at: Timestamp;
  ip: string | null;
  jobboard_id: number | null;
  /** JSON object: the path's answers the applicant has no column for (address, birth_date, linkedin_url). */
  answers: string;
}

/**
 * A bulk operation on a selection of applications (0063, issue 42 part 2): a "select all that
 * match" status change with its progress and outcome.
 */
export interface BulkOperationsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  kind: string;
  /** queued | running | done | failed */
  status: string;
  /** JSON: the selection, the target status and motif, and who asked (their sight). */
  params: string;
  total: number;
  processed: number;
  changed: number;
  /** JSON object: reason → how many. */
  skipped: string;
  /** The last application id walked (a retried job goes on after it). */
  cursor: number;
  error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
  /** The file the operation made (a CV bundle's ZIP, migration 0067); null once deleted. */
  file_key: string | null;
  /** Its size in bytes (PostgreSQL answers a bigint as text). */
  file_size: number | string | null;
  /** When the file expires; kept once it is deleted (the file is then "expired"). */
  file_expires_at: Timestamp | null;
}

/** Applications, statuses, motifs, workflows and assessment tests. */
export interface ApplicationTables {
  bulk_operations: BulkOperationsTable;
  applications: ApplicationsTable;
  statuses: StatusesTable;
  company_statuses: CompanyStatusesTable;
  motifs: MotifsTable;
  workflows: WorkflowsTable;
  workflow_statuses: WorkflowStatusesTable;
  company_status_settings: CompanyStatusSettingsTable;
  company_motif_settings: CompanyMotifSettingsTable;
  assessment_tests: AssessmentTestsTable;
  application_tests: ApplicationTestsTable;
  career_site_applications: CareerSiteApplicationsTable;
}
