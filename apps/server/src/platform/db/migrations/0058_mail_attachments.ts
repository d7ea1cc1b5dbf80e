import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Files sent with e-mails (issue 38 part 3, docs/mailings.md):
 * - `mail_outbox.attachments`: JSON list of an e-mail's files, each either a stored file (`key`,
 *   read through the storage interface when the e-mail is sent) or a small generated text
 *   (`content`, an invitation's ICS);
 * - `mailing_attachments`: the files a user attached to a mailing, stored once under
 *   `mail-attachments/` and named by each of its e-mails.
 */
export const mailAttachments: Migration = {
  name: '0058_mail_attachments',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await db.schema.alterTable('mail_outbox').addColumn('attachments', 'text').execute();
    await h
      .id(db.schema.createTable('mailing_attachments'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('mailing_id', 'integer', (c) =>
        c.notNull().references('mailings.id').onDelete('cascade'),
      )
      .addColumn('filename', 'varchar(255)', (c) => c.notNull())
      .addColumn('mime', 'varchar(255)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('storage_key', 'varchar(255)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('mailing_attachments_mailing_idx')
      .on('mailing_attachments')
      .columns(['company_id', 'mailing_id'])
      .execute();
    await db.schema
      .createIndex('mailing_attachments_key_idx')
      .on('mailing_attachments')
      .column('storage_key')
      .execute();
  },
};
