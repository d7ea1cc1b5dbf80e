import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Planner (issue 39, docs/planner.md): appointment templates (availability as JSON on the
 * template's wall clock) and their interviewers; appointments in UTC with their interviewers (a row
 * per interviewer, the range copied for the per-user range query); and the no-overlap claims: a
 * guarded appointment holds one row per interviewer and 5-minute step it touches, unique per
 * (user, step), so that two bookings of one slot never both commit, on either database and across
 * instances.
 */
export const planner: Migration = {
  name: '0052_planner',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await h
      .id(db.schema.createTable('appointment_templates'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('duration_minutes', 'integer', (c) => c.notNull())
      .addColumn('buffer_before_minutes', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('buffer_after_minutes', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('slot_step_minutes', 'integer')
      .addColumn('location_kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('location', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
      /** JSON `{ mode, weekly_hours, interviewer_hours, exceptions }` (contracts/planner.ts). */
      .addColumn('availability', 'text', (c) => c.notNull())
      .addColumn('horizon_days', 'integer', (c) => c.notNull())
      .addColumn('min_notice_minutes', 'integer', (c) => c.notNull())
      /** JSON `{ invitation, reminder, change, cancellation }`: mail model ids or null. */
      .addColumn('mail_models', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .addColumn('updated_at', h.timestamp, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('appointment_templates_company_idx')
      .on('appointment_templates')
      .columns(['company_id', 'name'])
      .execute();
    await db.schema
      .createTable('appointment_template_interviewers')
      .addColumn('template_id', 'integer', (c) =>
        c.notNull().references('appointment_templates.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('appointment_template_interviewers_pk', ['template_id', 'user_id'])
      .execute();

    await h
      .id(db.schema.createTable('appointments'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('template_id', 'integer', (c) =>
        c.references('appointment_templates.id').onDelete('set null'),
      )
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('start_at', h.timestamp, (c) => c.notNull())
      .addColumn('end_at', h.timestamp, (c) => c.notNull())
      /** confirmed | cancelled */
      .addColumn('status', 'varchar(12)', (c) => c.notNull())
      /** planner | booking */
      .addColumn('source', 'varchar(12)', (c) => c.notNull())
      .addColumn('location_kind', 'varchar(16)')
      .addColumn('location', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('applicant_id', 'integer', (c) =>
        c.references('applicants.id').onDelete('cascade'),
      )
      .addColumn('application_id', 'integer', (c) =>
        c.references('applications.id').onDelete('set null'),
      )
      .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('allow_conflicts', h.boolean, h.falseDefault)
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .addColumn('updated_at', h.timestamp, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('appointments_applicant_idx')
      .on('appointments')
      .columns(['applicant_id', 'start_at'])
      .execute();
    await db.schema
      .createIndex('appointments_due_idx')
      .on('appointments')
      .columns(['status', 'start_at'])
      .execute();
    await db.schema
      .createTable('appointment_interviewers')
      .addColumn('appointment_id', 'integer', (c) =>
        c.notNull().references('appointments.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('company_id', 'integer', (c) => c.notNull())
      .addColumn('start_at', h.timestamp, (c) => c.notNull())
      .addColumn('end_at', h.timestamp, (c) => c.notNull())
      .addColumn('cancelled', h.boolean, h.falseDefault)
      .addPrimaryKeyConstraint('appointment_interviewers_pk', ['appointment_id', 'user_id'])
      .execute();
    // The planner's range (a user's week) and the slots' busy times: by user, then start.
    await db.schema
      .createIndex('appointment_interviewers_user_idx')
      .on('appointment_interviewers')
      .columns(['user_id', 'start_at'])
      .execute();
    await h
      .id(db.schema.createTable('appointment_claims'))
      .addColumn('user_id', 'integer', (c) => c.notNull())
      /** The 5-minute step since the epoch (ms / 300,000). */
      .addColumn('step', 'integer', (c) => c.notNull())
      .addColumn('appointment_id', 'integer', (c) =>
        c.notNull().references('appointments.id').onDelete('cascade'),
      )
      .execute();
    await db.schema
      .createIndex('appointment_claims_user_step_idx')
      .on('appointment_claims')
      .columns(['user_id', 'step'])
      .unique()
      .execute();
    await db.schema
      .createIndex('appointment_claims_appointment_idx')
      .on('appointment_claims')
      .column('appointment_id')
      .execute();
  },
};
