import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Booking links (issue 39, docs/planner.md): a link sent to an applicant to book a slot of a
 * template, known by the SHA-256 of its token only; it holds the appointment booked with it.
 */
export const bookingLinks: Migration = {
  name: '0053_booking_links',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await h
      .id(db.schema.createTable('booking_links'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('template_id', 'integer', (c) =>
        c.notNull().references('appointment_templates.id').onDelete('cascade'),
      )
      .addColumn('applicant_id', 'integer', (c) =>
        c.notNull().references('applicants.id').onDelete('cascade'),
      )
      .addColumn('application_id', 'integer', (c) =>
        c.references('applications.id').onDelete('set null'),
      )
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('language', 'varchar(2)', (c) => c.notNull())
      .addColumn('expires_at', h.timestamp, (c) => c.notNull())
      .addColumn('appointment_id', 'integer', (c) =>
        c.references('appointments.id').onDelete('set null'),
      )
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('booking_links_applicant_idx')
      .on('booking_links')
      .columns(['company_id', 'applicant_id'])
      .execute();
  },
};
