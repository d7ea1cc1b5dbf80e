import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/** The default pipeline of DESIGN section 9: fixed ids, translated through `config:status:statuses.{name}`. */
const DEFAULT_STATUSES = [
  'new',
  'preselected',
  'phone_interview',
  'interview',
  'offer_sent',
  'recruited',
  'refused',
  'withdrawn',
];

/** Default refusal or withdrawal reasons, translated through `config:status:motifs.{name}`. */
const DEFAULT_MOTIFS = [
  'profile_mismatch',
  'insufficient_experience',
  'position_filled',
  'salary_expectations',
  'no_answer',
  'applicant_declined',
  'other',
];

/** Default document types asked of applicants, translated through `applicant:document_types.{name}`. */
const DEFAULT_DOCUMENT_TYPES = [
  'identity_card',
  'proof_of_address',
  'diploma',
  'social_security_card',
  'bank_details',
  'driving_licence',
];

/**
 * Applicants and the applications pipeline: statuses and motifs (global defaults plus the
 * company's own), tags, documents and requests, assessment tests, AI summaries, the job queue,
 * the mail outbox and the applicant search index (FTS5 on SQLite, tsvector + GIN on PostgreSQL).
 */
export const applicationsPipeline: Migration = {
  name: '0003_applications',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    const ts = h.timestamp;
    const pg = dialect === 'postgres';
    const refCompany = (c: ColumnDefinitionBuilder) =>
      c.notNull().references('companies.id').onDelete('cascade');
    const optionalCompany = (c: ColumnDefinitionBuilder) =>
      c.references('companies.id').onDelete('cascade');
    const index = (name: string, table: string, columns: string[]) =>
      db.schema.createIndex(name).on(table).columns(columns).execute();
    const now = new Date().toISOString();
    const anyDb = db as Kysely<Record<string, Record<string, unknown>>>;
    /** Rows with fixed ids; PostgreSQL's identity then starts after them. */
    const seedFixed = async (table: string, rows: Record<string, unknown>[]) => {
      await anyDb.insertInto(table).values(rows).execute();
      if (pg)
        await sql`alter table ${sql.table(table)} alter column id restart with 1000`.execute(db);
    };

    // Statuses: global defaults (company_id null) and each company's own.
    await h
      .id(db.schema.createTable('statuses'))
      .addColumn('company_id', 'integer', optionalCompany)
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('default_status', h.boolean, h.falseDefault)
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await index('statuses_company_idx', 'statuses', ['company_id']);
    await seedFixed(
      'statuses',
      DEFAULT_STATUSES.map((name, i) => ({
        id: i + 1,
        company_id: null,
        name,
        default_status: pg ? true : 1,
        created_at: now,
      })),
    );
    // The company's workflow: which statuses it shows, in what order. No row: the defaults in id order.
    await db.schema
      .createTable('company_statuses')
      .addColumn('company_id', 'integer', refCompany)
      .addColumn('status_id', 'integer', (c) =>
        c.notNull().references('statuses.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('company_statuses_pk', ['company_id', 'status_id'])
      .execute();

    await h
      .id(db.schema.createTable('motifs'))
      .addColumn('company_id', 'integer', optionalCompany)
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('default_motif', h.boolean, h.falseDefault)
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await index('motifs_company_idx', 'motifs', ['company_id']);
    await seedFixed(
      'motifs',
      DEFAULT_MOTIFS.map((name, i) => ({
        id: i + 1,
        company_id: null,
        name,
        default_motif: pg ? true : 1,
        created_at: now,
      })),
    );

    await h
      .id(db.schema.createTable('applicants'))
      .addColumn('company_id', 'integer', refCompany)
      .addColumn('firstname', 'varchar(100)', (c) => c.notNull())
      .addColumn('lastname', 'varchar(100)', (c) => c.notNull())
      // Lower-cased by the repository; one applicant per e-mail and company.
      .addColumn('email', 'varchar(255)')
      .addColumn('phone', 'varchar(30)')
      .addColumn('img_src', 'varchar(2048)')
      .addColumn('provenance_id', 'integer')
      .addColumn('jobboard_id', 'integer', (c) =>
        c.references('job_boards.id').onDelete('set null'),
      )
      .addColumn('source_url', 'varchar(2048)')
      .addColumn('cv_key', 'varchar(255)')
      .addColumn('cv_filename', 'varchar(255)')
      .addColumn('cv_mime', 'varchar(100)')
      .addColumn('cv_text', 'text')
      .addColumn('cv_extracted_at', ts)
      .addColumn('motivation', 'text')
      .addColumn('visio_url', 'varchar(2048)')
      .addColumn('visio_at', ts)
      .addColumn('visio_notes', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('applicants_company_email_unique_idx')
      .on('applicants')
      .columns(['company_id', 'email'])
      .unique()
      .execute();
    await index('applicants_company_name_idx', 'applicants', [
      'company_id',
      'lastname',
      'firstname',
    ]);
    await index('applicants_company_created_idx', 'applicants', ['company_id', 'created_at']);

    await h
      .id(db.schema.createTable('tags'))
      .addColumn('company_id', 'integer', refCompany)
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('tags_company_name_unique_idx')
      .on('tags')
      .columns(['company_id', 'name'])
      .unique()
      .execute();
    await db.schema
      .createTable('applicant_tags')
      .addColumn('company_id', 'integer', refCompany)
      .addColumn('applicant_id', 'integer', (c) =>
        c.notNull().references('applicants.id').onDelete('cascade'),
      )
      .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('applicant_tags_pk', ['applicant_id', 'tag_id'])
      .execute();
    await index('applicant_tags_tag_idx', 'applicant_tags', ['tag_id']);

    await h
      .id(db.schema.createTable('document_types'))
      .addColumn('company_id', 'integer', optionalCompany)
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('default_type', h.boolean, h.falseDefault)
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await index('document_types_company_idx', 'document_types', ['company_id']);
    await seedFixed(
      'document_types',
      DEFAULT_DOCUMENT_TYPES.map((name, i) => ({
        id: i + 1,
        company_id: null,
        name,
        default_type: pg ? true : 1,
        created_at: now,
      })),
    );

    await h
      .id(db.schema.createTable('applicant_documents'))
      .addColumn('company_id', 'integer', refCompany)
      .addColumn('applicant_id', 'integer', (c) =>
        c.notNull().references('applicants.id').onDelete('cascade'),
      )
      .addColumn('document_type_id', 'integer', (c) =>
        c.references('document_types.id').onDelete('set null'),
      )
      .addColumn('storage_key', 'varchar(255)', (c) => c.notNull())
      .addColumn('filename', 'varchar(255)', (c) => c.notNull())
      .addColumn('mime', 'varchar(100)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('uploaded_at', ts, (c) => c.notNull())
      .execute();
    await index('applicant_documents_applicant_idx', 'applicant_documents', [
      'company_id',
      'applicant_id',
    ]);

    // A request e-mails one link (token stored hashed) asking for several types, each uploaded once.
    await h
      .id(db.schema.createTable('document_requests'))
      .addColumn('company_id', 'integer', refCompany)
      .addColumn('applicant_id', 'integer', (c) =>
        c.notNull().references('applicants.id').onDelete('cascade'),
      )
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('fulfilled_at', ts)
      .execute();
    await index('document_requests_applicant_idx', 'document_requests', [
      'company_id',
      'applicant_id',
    ]);
    await db.schema
      .createTable('document_request_items')
      .addColumn('request_id', 'integer', (c) =>
        c.notNull().references('document_requests.id').onDelete('cascade'),
      )
      .addColumn('document_type_id', 'integer', (c) =>
        c.notNull().references('document_types.id').onDelete('cascade'),
      )
      .addColumn('document_id', 'integer', (c) =>
        c.references('applicant_documents.id').onDelete('set null'),
      )
      .addColumn('uploaded_at', ts)
      .addPrimaryKeyConstraint('document_request_items_pk', ['request_id', 'document_type_id'])
      .execute();

    // Applications: the rest of the pipeline. Plain integer columns (SQLite cannot add a foreign key).
    for (const [name, type] of [
      ['motif_id', 'integer'],
      ['jobboard_id', 'integer'],
      ['recruited_at', ts],
      ['status_changed_at', ts],
      ['motivation', 'text'],
    ] as const) {
      await db.schema.alterTable('applications').addColumn(name, type).execute();
    }
    await index('applications_company_applicant_idx', 'applications', [
      'company_id',
      'applicant_id',
    ]);
    await index('applications_offer_created_idx', 'applications', ['offer_id', 'created_at']);
    await index('applications_company_jobboard_idx', 'applications', ['company_id', 'jobboard_id']);

    await h
      .id(db.schema.createTable('assessment_tests'))
      .addColumn('company_id', 'integer', refCompany)
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await index('assessment_tests_company_idx', 'assessment_tests', ['company_id']);
    await db.schema
      .createTable('application_tests')
      .addColumn('company_id', 'integer', refCompany)
      .addColumn('application_id', 'integer', (c) =>
        c.notNull().references('applications.id').onDelete('cascade'),
      )
      .addColumn('test_id', 'integer', (c) =>
        c.notNull().references('assessment_tests.id').onDelete('cascade'),
      )
      .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('sent'))
      .addColumn('score', 'integer')
      .addColumn('sent_at', ts, (c) => c.notNull())
      .addColumn('completed_at', ts)
      .addPrimaryKeyConstraint('application_tests_pk', ['application_id', 'test_id'])
      .execute();
    await index('application_tests_test_idx', 'application_tests', ['company_id', 'test_id']);

    await h
      .id(db.schema.createTable('ai_summaries'))
      .addColumn('company_id', 'integer', refCompany)
      .addColumn('subject_type', 'varchar(20)', (c) => c.notNull())
      .addColumn('subject_id', 'integer', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('source', 'varchar(10)', (c) => c.notNull())
      .addColumn('model', 'varchar(100)')
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await index('ai_summaries_subject_idx', 'ai_summaries', [
      'company_id',
      'subject_type',
      'subject_id',
      'created_at',
    ]);

    // DESIGN section 5: durable jobs, written in the transaction of the change that asks for them.
    await h
      .id(db.schema.createTable('jobs'))
      .addColumn('type', 'varchar(50)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('queued'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
      .addColumn('run_at', ts, (c) => c.notNull())
      .addColumn('last_error', 'text')
      .addColumn('locked_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await index('jobs_status_run_at_idx', 'jobs', ['status', 'run_at']);

    await h
      .id(db.schema.createTable('mail_outbox'))
      .addColumn('company_id', 'integer', optionalCompany)
      .addColumn('to', 'varchar(255)', (c) => c.notNull())
      .addColumn('subject', 'varchar(255)', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('html', 'text')
      .addColumn('transport', 'varchar(10)', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('sent_at', ts)
      .addColumn('error', 'text')
      .execute();
    await index('mail_outbox_created_idx', 'mail_outbox', ['created_at']);

    // Applicant search: name, e-mail, tags and CV text, written by the applicants repository.
    if (pg) {
      await db.schema
        .createTable('applicant_search')
        .addColumn('applicant_id', 'integer', (c) =>
          c.primaryKey().references('applicants.id').onDelete('cascade'),
        )
        .addColumn('company_id', 'integer', refCompany)
        .addColumn('document', sql`tsvector`, (c) => c.notNull())
        .execute();
      await sql`create index applicant_search_document_idx on applicant_search using gin (document)`.execute(
        db,
      );
      await index('applicant_search_company_idx', 'applicant_search', ['company_id']);
    } else {
      await sql`create virtual table applicant_search using fts5(name, email, tags, cv_text, tokenize = 'unicode61 remove_diacritics 2')`.execute(
        db,
      );
    }
  },
};
