import { sql, type Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Writing to candidates (issue 38 part 3, docs/mailings.md): a mailing (one e-mail to one or many
 * applicants, its content copied per language, when to send, its counters) and its recipients,
 * each written to once; an applicant's address that asked for no more e-mails or bounced
 * (`email_blocked`); extra headers of an outbox e-mail (List-Unsubscribe). The new permission
 * `project_application.email` goes to the roles that may already transfer applications.
 */
export const mailings: Migration = {
  name: '0048_mailings',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await h
      .id(db.schema.createTable('mailings'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('model_id', 'integer', (c) => c.references('mail_models.id').onDelete('set null'))
      .addColumn('model_name', 'varchar(100)')
      .addColumn('subject', 'varchar(255)', (c) => c.notNull())
      /** JSON `{ "<lng>": { subject, html, text } }`: the content as it was when created. */
      .addColumn('contents', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('bulk', h.boolean, h.falseDefault)
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('skipped_no_email', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('skipped_unsubscribed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('skipped_cancelled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('send_at', h.timestamp, (c) => c.notNull())
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .addColumn('finished_at', h.timestamp)
      .execute();
    await db.schema
      .createIndex('mailings_company_idx')
      .on('mailings')
      .columns(['company_id', 'created_at'])
      .execute();
    await h
      .id(db.schema.createTable('mailing_recipients'))
      .addColumn('mailing_id', 'integer', (c) =>
        c.notNull().references('mailings.id').onDelete('cascade'),
      )
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('applicant_id', 'integer', (c) => c.notNull())
      .addColumn('application_id', 'integer')
      /** pending | sent | skipped */
      .addColumn('status', 'varchar(12)', (c) => c.notNull())
      .addColumn('reason', 'varchar(16)')
      .addColumn('mail_id', 'integer')
      .execute();
    await db.schema
      .createIndex('mailing_recipients_pending_idx')
      .on('mailing_recipients')
      .columns(['mailing_id', 'status', 'id'])
      .execute();
    await db.schema.alterTable('applicants').addColumn('email_blocked', 'varchar(16)').execute();
    await db.schema.alterTable('applicants').addColumn('email_blocked_at', h.timestamp).execute();
    await db.schema.alterTable('mail_outbox').addColumn('headers', 'text').execute();
    await sql`insert into role_permissions (role_id, permission)
      select role_id, 'project_application.email' from role_permissions
      where permission = 'project_application.transfer'`.execute(db);
  },
};
