import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/** The job-board catalogue every company posts to; ids are stable, so they are written here. */
const JOB_BOARDS = [
  { id: 1, name: 'Indeed', slug: 'indeed' },
  { id: 2, name: 'LinkedIn', slug: 'linkedin' },
  { id: 3, name: 'Welcome to the Jungle', slug: 'welcome-to-the-jungle' },
  { id: 4, name: 'France Travail', slug: 'france-travail' },
  { id: 5, name: 'HelloWork', slug: 'hellowork' },
  { id: 6, name: 'APEC', slug: 'apec' },
  { id: 7, name: 'Place de l’emploi public', slug: 'place-emploi-public' },
  { id: 8, name: 'Site carrière', slug: 'career-site' },
];

/**
 * Projects (a tree per company), offers, favourites, accesses, job boards and postings, alert
 * views, and the minimal applications table that counts what is "to treat" (issue 4 extends it).
 */
export const projectsOffers: Migration = {
  name: '0002_projects_offers',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    const ts = h.timestamp;
    const companyId = 'company_id';
    const refCompany = (c: ColumnDefinitionBuilder) =>
      c.notNull().references('companies.id').onDelete('cascade');

    await db.schema
      .alterTable('companies')
      .addColumn('alert_delay_days', 'integer', (c) => c.notNull().defaultTo(7))
      .execute();

    await h
      .id(db.schema.createTable('projects'))
      .addColumn(companyId, 'integer', refCompany)
      .addColumn('parent_id', 'integer', (c) => c.references('projects.id'))
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('subsidiary_id', 'integer', (c) =>
        c.references('subsidiaries.id').onDelete('set null'),
      )
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('projects_company_parent_idx')
      .on('projects')
      .columns(['company_id', 'parent_id'])
      .execute();
    await db.schema.createIndex('projects_parent_idx').on('projects').column('parent_id').execute();

    await db.schema
      .createTable('project_favorites')
      .addColumn(companyId, 'integer', refCompany)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('project_id', 'integer', (c) =>
        c.notNull().references('projects.id').onDelete('cascade'),
      )
      .addColumn('created_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('project_favorites_pk', ['user_id', 'project_id'])
      .execute();
    await db.schema
      .createIndex('project_favorites_project_idx')
      .on('project_favorites')
      .column('project_id')
      .execute();

    await db.schema
      .createTable('project_users')
      .addColumn(companyId, 'integer', refCompany)
      .addColumn('project_id', 'integer', (c) =>
        c.notNull().references('projects.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('project_users_pk', ['project_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('project_users_user_idx')
      .on('project_users')
      .columns(['user_id', 'company_id'])
      .execute();

    await h
      .id(db.schema.createTable('offers'))
      .addColumn(companyId, 'integer', refCompany)
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id'))
      .addColumn('job_position', 'varchar(255)', (c) => c.notNull())
      .addColumn('reference', 'varchar(50)')
      .addColumn('description', 'text')
      .addColumn('contract_type', 'varchar(20)')
      .addColumn('location', 'varchar(255)')
      .addColumn('department', 'varchar(100)')
      .addColumn('remote', 'varchar(10)', (c) => c.notNull().defaultTo('none'))
      .addColumn('salary_min', 'integer')
      .addColumn('salary_max', 'integer')
      .addColumn('subsidiary_id', 'integer', (c) =>
        c.references('subsidiaries.id').onDelete('set null'),
      )
      .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('draft'))
      .addColumn('archived', h.boolean, h.falseDefault)
      .addColumn('archived_reason', 'varchar(50)')
      .addColumn('archived_comment', 'varchar(255)')
      .addColumn('archived_at', ts)
      // yyyy-MM-dd text on both databases: compares as text, no time zone.
      .addColumn('closing_date', 'varchar(10)')
      .addColumn('published_at', ts)
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    // One index per list shape: default sort, status tabs, project lists, closing alerts.
    const offerIndexes: [string, string[]][] = [
      ['offers_company_archived_created_idx', ['company_id', 'archived', 'created_at']],
      ['offers_company_archived_updated_idx', ['company_id', 'archived', 'updated_at']],
      ['offers_company_status_idx', ['company_id', 'status', 'archived']],
      ['offers_company_closing_idx', ['company_id', 'closing_date']],
      // Project lists, per-project counts of the tree, and the project's own foreign key.
      ['offers_company_project_idx', ['company_id', 'project_id', 'archived']],
    ];
    for (const [name, columns] of offerIndexes) {
      await db.schema.createIndex(name).on('offers').columns(columns).execute();
    }

    await db.schema
      .createTable('offer_favorites')
      .addColumn(companyId, 'integer', refCompany)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('offer_id', 'integer', (c) =>
        c.notNull().references('offers.id').onDelete('cascade'),
      )
      .addColumn('created_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('offer_favorites_pk', ['user_id', 'offer_id'])
      .execute();
    await db.schema
      .createIndex('offer_favorites_offer_idx')
      .on('offer_favorites')
      .column('offer_id')
      .execute();

    await db.schema
      .createTable('offer_users')
      .addColumn(companyId, 'integer', refCompany)
      .addColumn('offer_id', 'integer', (c) =>
        c.notNull().references('offers.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('offer_users_pk', ['offer_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('offer_users_user_idx')
      .on('offer_users')
      .columns(['user_id', 'company_id'])
      .execute();

    await db.schema
      .createTable('job_boards')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('slug', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('logo_url', 'varchar(2048)')
      .addColumn('active', h.boolean, h.trueDefault)
      .execute();
    await (db as Kysely<{ job_boards: { id: number; name: string; slug: string } }>)
      .insertInto('job_boards')
      .values(JOB_BOARDS)
      .execute();

    await db.schema
      .createTable('offer_postings')
      .addColumn(companyId, 'integer', refCompany)
      .addColumn('offer_id', 'integer', (c) =>
        c.notNull().references('offers.id').onDelete('cascade'),
      )
      .addColumn('job_board_id', 'integer', (c) =>
        c.notNull().references('job_boards.id').onDelete('cascade'),
      )
      .addColumn('posted_at', ts, (c) => c.notNull())
      .addColumn('removed_at', ts)
      .addPrimaryKeyConstraint('offer_postings_pk', ['offer_id', 'job_board_id'])
      .execute();
    await db.schema
      .createIndex('offer_postings_board_idx')
      .on('offer_postings')
      .columns(['company_id', 'job_board_id'])
      .execute();

    await db.schema
      .createTable('offer_alert_views')
      .addColumn(companyId, 'integer', refCompany)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('offer_id', 'integer', (c) =>
        c.notNull().references('offers.id').onDelete('cascade'),
      )
      .addColumn('seen_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('offer_alert_views_pk', ['offer_id', 'user_id'])
      .execute();

    // Issue 4 adds the applicant and the rest of the pipeline to this table.
    await h
      .id(db.schema.createTable('applications'))
      .addColumn(companyId, 'integer', refCompany)
      .addColumn('offer_id', 'integer', (c) => c.references('offers.id').onDelete('set null'))
      .addColumn('applicant_id', 'integer')
      .addColumn('status_id', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('applications_offer_status_idx')
      .on('applications')
      .columns(['offer_id', 'status_id', 'created_at'])
      .execute();
    // The company's `new` applications (older than a cutoff, for alerts): "to treat" counts.
    await db.schema
      .createIndex('applications_company_status_idx')
      .on('applications')
      .columns(['company_id', 'status_id', 'created_at', 'offer_id'])
      .execute();
    // Company first, then offer: what the counts and the alert rule look up per offer.
    await db.schema
      .createIndex('applications_company_offer_idx')
      .on('applications')
      .columns(['company_id', 'offer_id', 'status_id', 'created_at'])
      .execute();
  },
};
