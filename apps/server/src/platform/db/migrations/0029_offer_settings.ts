import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Job-offer settings (issue 17 item 5, contracts/offer-settings.ts):
 * - `offer_templates`: named sets of new-offer fields, the name unique per company ignoring case;
 * - `offer_images`: the company's image bank (the bytes and their thumbnail in the file storage),
 *   and `offers.image_id` naming the one an offer shows. The key has no `on delete`: the service
 *   refuses to delete an image that offers use (409), the foreign key stays the guard;
 * - `application_paths`: the company's default application form (one row per company, the field
 *   modes as JSON text) and `application_path_documents`, the document types it requires.
 */
export const offerSettings: Migration = {
  name: '0029_offer_settings',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    const company = (c: ColumnDefinitionBuilder) =>
      c.notNull().references('companies.id').onDelete('cascade');

    await h
      .id(db.schema.createTable('offer_templates'))
      .addColumn('company_id', 'integer', company)
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('job_position', 'varchar(255)')
      .addColumn('contract_type', 'varchar(32)')
      .addColumn('location', 'varchar(255)')
      .addColumn('department', 'varchar(100)')
      .addColumn('remote', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
      .addColumn('salary_min', 'integer')
      .addColumn('salary_max', 'integer')
      .addColumn('description', 'text')
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .addColumn('updated_at', h.timestamp, (c) => c.notNull())
      .execute();
    await sql`create unique index offer_templates_company_name_unique_idx on offer_templates (company_id, lower(name))`.execute(
      db,
    );

    await h
      .id(db.schema.createTable('offer_images'))
      .addColumn('company_id', 'integer', company)
      .addColumn('filename', 'varchar(255)', (c) => c.notNull())
      .addColumn('mime', 'varchar(32)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('thumb_width', 'integer', (c) => c.notNull())
      .addColumn('thumb_height', 'integer', (c) => c.notNull())
      .addColumn('storage_key', 'varchar(255)', (c) => c.notNull())
      .addColumn('thumb_key', 'varchar(255)', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('offer_images_company_idx')
      .on('offer_images')
      .columns(['company_id', 'id'])
      .execute();
    await db.schema
      .alterTable('offers')
      .addColumn('image_id', 'integer', (c) => c.references('offer_images.id'))
      .execute();
    await db.schema.createIndex('offers_image_idx').on('offers').column('image_id').execute();

    await db.schema
      .createTable('application_paths')
      .addColumn('company_id', 'integer', (c) =>
        c.primaryKey().references('companies.id').onDelete('cascade'),
      )
      .addColumn('fields', 'text', (c) => c.notNull())
      .addColumn('updated_at', h.timestamp, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('application_path_documents')
      .addColumn('company_id', 'integer', company)
      .addColumn('document_type_id', 'integer', (c) =>
        c.notNull().references('document_types.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('application_path_documents_pk', ['company_id', 'document_type_id'])
      .execute();
    await db.schema
      .createIndex('application_path_documents_type_idx')
      .on('application_path_documents')
      .column('document_type_id')
      .execute();
  },
};
