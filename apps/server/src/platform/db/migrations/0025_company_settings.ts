import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Company settings (issue 17, modules/company-settings):
 *
 * - `companies` gains its identity settings (`logo_key`: the stored logo, `logo_version`: part of
 *   its address so a new logo is not served from a cache; `default_language`, `time_zone`), its
 *   plan (`plan_name`, `seats_allowed` with null for unlimited, `renewal_date` as yyyy-MM-dd), the
 *   company description offers show (sanitised HTML) and the NonDiscrimination offer parameters
 *   (`require_gender_mention`, `forbidden_words` as a JSON array, `mandatory_mentions`).
 * - `offer_exports`: on-demand exports of the company's offers run as background jobs, with their
 *   progress and, once done, the stored file.
 *
 * SQLite adds one column per ALTER TABLE, hence one statement each.
 */
export const companySettings: Migration = {
  name: '0025_company_settings',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    const ts = h.timestamp;
    const companies = () => db.schema.alterTable('companies');

    await companies().addColumn('logo_key', 'varchar(255)').execute();
    await companies().addColumn('logo_version', 'varchar(32)').execute();
    await companies()
      .addColumn('default_language', 'varchar(5)', (c) => c.notNull().defaultTo('fr'))
      .execute();
    await companies()
      .addColumn('time_zone', 'varchar(64)', (c) => c.notNull().defaultTo('Europe/Paris'))
      .execute();
    await companies().addColumn('plan_name', 'varchar(100)').execute();
    await companies().addColumn('seats_allowed', 'integer').execute();
    await companies().addColumn('renewal_date', 'varchar(10)').execute();
    await companies().addColumn('company_description', 'text').execute();
    await companies().addColumn('require_gender_mention', h.boolean, h.falseDefault).execute();
    await companies().addColumn('forbidden_words', 'text').execute();
    await companies().addColumn('mandatory_mentions', 'text').execute();

    await h
      .id(db.schema.createTable('offer_exports'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('format', 'varchar(8)', (c) => c.notNull())
      .addColumn('columns', 'text', (c) => c.notNull())
      .addColumn('language', 'varchar(5)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total', 'integer')
      .addColumn('file_key', 'varchar(255)')
      .addColumn('filename', 'varchar(255)')
      .addColumn('error', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('finished_at', ts)
      .execute();
    await db.schema
      .createIndex('offer_exports_company_idx')
      .on('offer_exports')
      .columns(['company_id', 'created_at'])
      .execute();
  },
};
