import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Custom fields (issue 17 item 5): typed fields a company adds to its offers, applicants or
 * applications, and their values. A value is text (`value`, the JSON array for a multiple choice);
 * `value_key` is its first 191 characters, indexed with the field for the offer list's filters
 * (a long text would pass PostgreSQL's index row limit).
 */
export const customFields: Migration = {
  name: '0028_custom_fields',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await h
      .id(db.schema.createTable('custom_fields'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('entity', 'varchar(16)', (c) => c.notNull())
      .addColumn('type', 'varchar(24)', (c) => c.notNull())
      .addColumn('label', 'varchar(255)', (c) => c.notNull())
      .addColumn('required', h.boolean, h.falseDefault)
      .addColumn('options', 'text', (c) => c.notNull())
      .addColumn('show_in_form', h.boolean, h.trueDefault)
      .addColumn('show_in_list', h.boolean, h.falseDefault)
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('archived', h.boolean, h.falseDefault)
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .addColumn('updated_at', h.timestamp, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('custom_fields_company_idx')
      .on('custom_fields')
      .columns(['company_id', 'entity', 'position'])
      .execute();
    await db.schema
      .createTable('custom_field_values')
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('field_id', 'integer', (c) =>
        c.notNull().references('custom_fields.id').onDelete('cascade'),
      )
      .addColumn('entity_id', 'integer', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('value_key', 'varchar(191)', (c) => c.notNull())
      .addColumn('updated_at', h.timestamp, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('custom_field_values_unique_idx')
      .on('custom_field_values')
      .columns(['field_id', 'entity_id'])
      .unique()
      .execute();
    await db.schema
      .createIndex('custom_field_values_filter_idx')
      .on('custom_field_values')
      .columns(['company_id', 'field_id', 'value_key', 'entity_id'])
      .execute();
    await db.schema
      .createIndex('custom_field_values_entity_idx')
      .on('custom_field_values')
      .columns(['company_id', 'entity_id'])
      .execute();
  },
};
