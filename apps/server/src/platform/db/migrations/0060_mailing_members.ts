import { sql, type Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * E-mails to talent community members (issue 38 part 3, docs/mailings.md): a mailing's recipient
 * is an applicant (`applicant_id`, with its `application_id` or not) or a community member
 * (`member_id`, written at the member's address; `applicant_id` null). `applicant_id` becomes
 * nullable: PostgreSQL drops the constraint, SQLite (which cannot) copies the table into a new one.
 */
export const mailingMembers: Migration = {
  name: '0060_mailing_members',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    if (dialect === 'postgres') {
      await db.schema
        .alterTable('mailing_recipients')
        .alterColumn('applicant_id', (c) => c.dropNotNull())
        .execute();
      await db.schema.alterTable('mailing_recipients').addColumn('member_id', 'integer').execute();
      return;
    }
    const h = schemaHelpers(dialect);
    await h
      .id(db.schema.createTable('mailing_recipients_0059'))
      .addColumn('mailing_id', 'integer', (c) =>
        c.notNull().references('mailings.id').onDelete('cascade'),
      )
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('applicant_id', 'integer')
      .addColumn('application_id', 'integer')
      .addColumn('status', 'varchar(12)', (c) => c.notNull())
      .addColumn('reason', 'varchar(16)')
      .addColumn('mail_id', 'integer')
      .addColumn('member_id', 'integer')
      .execute();
    await sql`insert into mailing_recipients_0059
      (id, mailing_id, company_id, applicant_id, application_id, status, reason, mail_id)
      select id, mailing_id, company_id, applicant_id, application_id, status, reason, mail_id
      from mailing_recipients`.execute(db);
    await db.schema.dropTable('mailing_recipients').execute();
    await sql`alter table mailing_recipients_0059 rename to mailing_recipients`.execute(db);
    await db.schema
      .createIndex('mailing_recipients_pending_idx')
      .on('mailing_recipients')
      .columns(['mailing_id', 'status', 'id'])
      .execute();
  },
};
