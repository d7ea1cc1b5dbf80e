import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types.ts';

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
  /** JSON of extra headers (`List-Unsubscribe`, `List-Unsubscribe-Post`); migration 0048. */
  headers: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON list of MailAttachment (platform/mail/mailer.ts); migration 0058. */
  attachments: ColumnType<string | null, string | null | undefined, string | null>;
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

/** A recurring task's turns (platform/jobs/task-leases.ts). */
export interface TaskLeasesTable {
  name: string;
  next_run_at: Timestamp;
  last_run_at: Timestamp | null;
  holder: string | null;
}

/** Background jobs, recurring tasks' turns, the mail outbox and the audit trail. */
export interface PlatformTables {
  jobs: JobsTable;
  task_leases: TaskLeasesTable;
  mail_outbox: MailOutboxTable;
  audit_log: AuditLogTable;
}
