import type { Generated } from 'kysely';
import type { BoolWithDefault, Timestamp } from './column-types.ts';

/** An appointment template (0052, modules/planner). */
export interface AppointmentTemplatesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  duration_minutes: number;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  slot_step_minutes: number | null;
  /** LOCATION_KINDS */
  location_kind: string;
  location: string;
  time_zone: string;
  /** JSON `{ mode, weekly_hours, interviewer_hours, exceptions }`. */
  availability: string;
  horizon_days: number;
  min_notice_minutes: number;
  /** JSON `{ invitation, reminder, change, cancellation }`. */
  mail_models: string;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AppointmentTemplateInterviewersTable {
  template_id: number;
  user_id: number;
  position: number;
}

/** An appointment, in UTC (0052). */
export interface AppointmentsTable {
  id: Generated<number>;
  company_id: number;
  template_id: number | null;
  title: string;
  start_at: Timestamp;
  end_at: Timestamp;
  /** confirmed | cancelled */
  status: string;
  /** planner | booking */
  source: string;
  location_kind: string | null;
  location: string;
  applicant_id: number | null;
  application_id: number | null;
  notes: string;
  allow_conflicts: BoolWithDefault;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An interviewer of an appointment, its range copied (0052). */
export interface AppointmentInterviewersTable {
  appointment_id: number;
  user_id: number;
  company_id: number;
  start_at: Timestamp;
  end_at: Timestamp;
  cancelled: BoolWithDefault;
}

/** A guarded appointment's hold on a user's 5-minute step, unique per (user, step) (0052). */
export interface AppointmentClaimsTable {
  id: Generated<number>;
  user_id: number;
  step: number;
  appointment_id: number;
}

/** A booking link, known by its token's hash (0053). */
export interface BookingLinksTable {
  id: Generated<number>;
  company_id: number;
  template_id: number;
  applicant_id: number;
  application_id: number | null;
  token_hash: string;
  language: string;
  expires_at: Timestamp;
  appointment_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
}

/** A user's private ICS feed (0054). */
export interface PlannerFeedsTable {
  user_id: number;
  company_id: number;
  secret_hash: string;
  created_at: Timestamp;
}

/** A reminder sent for an appointment at a start time (0054). */
export interface AppointmentRemindersTable {
  appointment_id: number;
  start_at: Timestamp;
  sent_at: Timestamp;
}

export interface PlannerTables {
  appointment_templates: AppointmentTemplatesTable;
  appointment_template_interviewers: AppointmentTemplateInterviewersTable;
  appointments: AppointmentsTable;
  appointment_interviewers: AppointmentInterviewersTable;
  appointment_claims: AppointmentClaimsTable;
  booking_links: BookingLinksTable;
  planner_feeds: PlannerFeedsTable;
  appointment_reminders: AppointmentRemindersTable;
}
