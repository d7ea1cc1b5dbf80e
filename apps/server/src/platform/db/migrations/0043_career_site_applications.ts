import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Applications sent from the career site (issue 37 part 3, docs/career-site.md "Applying"):
 * `career_site_applications`, one row per application the site created, with the privacy notice
 * the candidate consented to (its row, language and version), when and from which address, the
 * job board named by the offer's tracking parameter, and the path's answers the applicant has no
 * column for (address, birth date, LinkedIn profile) as JSON text. The application's own row
 * keeps the pipeline; this one is its proof of consent and goes with it.
 */
export const careerSiteApplications: Migration = {
  name: '0043_career_site_applications',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await h
      .id(db.schema.createTable('career_site_applications'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('application_id', 'integer', (c) =>
        c.notNull().references('applications.id').onDelete('cascade'),
      )
      .addColumn('notice_id', 'integer', (c) => c.references('career_site_privacy_notices.id'))
      .addColumn('notice_language', 'varchar(5)', (c) => c.notNull())
      .addColumn('notice_version', 'integer', (c) => c.notNull())
      .addColumn('consented_at', h.timestamp, (c) => c.notNull())
      .addColumn('ip', 'varchar(64)')
      .addColumn('jobboard_id', 'integer', (c) =>
        c.references('job_boards.id').onDelete('set null'),
      )
      .addColumn('answers', 'text', (c) => c.notNull())
      .addUniqueConstraint('career_site_applications_application_unique', ['application_id'])
      .execute();
    await db.schema
      .createIndex('career_site_applications_company_idx')
      .on('career_site_applications')
      .columns(['company_id', 'application_id'])
      .execute();
    await db.schema
      .createIndex('career_site_applications_notice_idx')
      .on('career_site_applications')
      .column('notice_id')
      .execute();
  },
};
