import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * E-mail models (issue 38 part 1, docs/mail-models.md): a company's models per kind, one of them
 * the kind's default, each with a content per language (the MJML the editor writes, the HTML
 * compiled from it and sanitised, the plain-text part).
 */
export const mailModels: Migration = {
  name: '0047_mail_models',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await h
      .id(db.schema.createTable('mail_models'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('is_default', h.boolean, h.falseDefault)
      .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .addColumn('updated_at', h.timestamp, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('mail_models_company_idx')
      .on('mail_models')
      .columns(['company_id', 'kind', 'name', 'id'])
      .execute();
    await db.schema
      .createTable('mail_model_contents')
      .addColumn('model_id', 'integer', (c) =>
        c.notNull().references('mail_models.id').onDelete('cascade'),
      )
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('language', 'varchar(5)', (c) => c.notNull())
      .addColumn('subject', 'varchar(255)', (c) => c.notNull())
      .addColumn('mjml', 'text', (c) => c.notNull())
      .addColumn('html', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('updated_at', h.timestamp, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('mail_model_contents_unique_idx')
      .on('mail_model_contents')
      .columns(['model_id', 'language'])
      .unique()
      .execute();
  },
};
