import type { CreateTableBuilder, Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * E-mail signatures (issue 38 part 2, docs/mail-models.md): the company's signature and each
 * user's own, one row per language (the MJML the editor writes, the HTML compiled from it and
 * sanitised, the plain-text part).
 */
export const mailSignatures: Migration = {
  name: '0051_mail_signatures',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    const content = <T extends string>(table: CreateTableBuilder<T>) =>
      table
        .addColumn('language', 'varchar(5)', (c) => c.notNull())
        .addColumn('mjml', 'text', (c) => c.notNull())
        .addColumn('html', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('updated_at', h.timestamp, (c) => c.notNull());
    await content(
      db.schema
        .createTable('mail_company_signatures')
        .addColumn('company_id', 'integer', (c) =>
          c.notNull().references('companies.id').onDelete('cascade'),
        )
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null')),
    ).execute();
    await db.schema
      .createIndex('mail_company_signatures_unique_idx')
      .on('mail_company_signatures')
      .columns(['company_id', 'language'])
      .unique()
      .execute();
    await content(
      db.schema
        .createTable('mail_user_signatures')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('company_id', 'integer', (c) =>
          c.notNull().references('companies.id').onDelete('cascade'),
        ),
    ).execute();
    await db.schema
      .createIndex('mail_user_signatures_unique_idx')
      .on('mail_user_signatures')
      .columns(['user_id', 'company_id', 'language'])
      .unique()
      .execute();
  },
};
