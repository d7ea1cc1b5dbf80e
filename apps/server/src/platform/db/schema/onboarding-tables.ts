import type { Generated } from 'kysely';
import type { BoolWithDefault, Timestamp } from './column-types.ts';

/** Onboarding (migration 0062, modules/onboarding, docs/onboarding.md). */
export interface OnboardingProcessesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  active: BoolWithDefault;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OnboardingStepsTable {
  id: Generated<number>;
  company_id: number;
  process_id: number;
  title: string;
  /** task | document | email */
  kind: string;
  /** user | group | role | manager | recruiter */
  responsible_type: string;
  responsible_id: number | null;
  due_days: number;
  document_name: string | null;
  mail_model_id: number | null;
  position: number;
}

export interface OnboardingStatusesTable {
  id: Generated<number>;
  company_id: number;
  /** not_started | in_progress | done | cancelled; null for the company's own. */
  system_key: string | null;
  name: string | null;
  position: number;
  created_at: Timestamp;
}

export interface OnboardingsTable {
  id: Generated<number>;
  company_id: number;
  application_id: number;
  /** The application's id while the onboarding is open; null once cancelled (unique). */
  open_application_id: number | null;
  applicant_id: number;
  offer_id: number | null;
  subsidiary_id: number | null;
  process_id: number | null;
  status_id: number;
  /** YYYY-MM-DD */
  start_date: string;
  manager_id: number | null;
  address: string | null;
  first_day_contact: string | null;
  tasks_total: Generated<number>;
  tasks_done: Generated<number>;
  cancelled_at: Timestamp | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OnboardingTasksTable {
  id: Generated<number>;
  company_id: number;
  onboarding_id: number;
  title: string;
  kind: string;
  position: number;
  owner_id: number | null;
  /** False once the onboarding is cancelled. */
  onboarding_open: BoolWithDefault;
  /** YYYY-MM-DD */
  due_date: string;
  done: BoolWithDefault;
  done_at: Timestamp | null;
  done_by: number | null;
  document_name: string | null;
  document_request_id: number | null;
  document_type_id: number | null;
  mail_model_id: number | null;
  mail_state: string | null;
  mail_sent_at: Timestamp | null;
  overdue_notified_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OnboardingTaskCommentsTable {
  id: Generated<number>;
  company_id: number;
  task_id: number;
  author_id: number | null;
  body: string;
  created_at: Timestamp;
}

/** Per company and task owner, the tasks of open onboardings (migration 0066, kept by triggers). */
export interface OnboardingTaskCountersTable {
  company_id: number;
  owner_id: number;
  open_tasks: Generated<number>;
  done_tasks: Generated<number>;
}

export interface OnboardingTables {
  onboarding_processes: OnboardingProcessesTable;
  onboarding_steps: OnboardingStepsTable;
  onboarding_statuses: OnboardingStatusesTable;
  onboardings: OnboardingsTable;
  onboarding_tasks: OnboardingTasksTable;
  onboarding_task_comments: OnboardingTaskCommentsTable;
  onboarding_task_counters: OnboardingTaskCountersTable;
}
