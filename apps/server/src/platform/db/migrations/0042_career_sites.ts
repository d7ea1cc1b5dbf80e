import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Career-site settings (issue 37 part 1, contracts/career-site.ts; the slug stays `companies.slug`):
 * - `career_sites`: one row per company once saved (colours, cover, languages, texts per language
 *   as JSON text, the offer fields shown, the talent community switch). The cover names an image
 *   of the bank with no `on delete`: the bank refuses to delete an image in use (409);
 * - `career_site_privacy_notices`: every saved version of each language's privacy notice, never
 *   updated nor deleted (applications store the version they consented to);
 * - `career_site_slugs`: slugs a company gave up; they redirect to its current one and stay its own.
 */
export const careerSites: Migration = {
  name: '0042_career_sites',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await db.schema
      .createTable('career_sites')
      .addColumn('company_id', 'integer', (c) =>
        c.primaryKey().references('companies.id').onDelete('cascade'),
      )
      .addColumn('show_logo', h.boolean, h.trueDefault)
      .addColumn('primary_color', 'varchar(7)', (c) => c.notNull())
      .addColumn('accent_color', 'varchar(7)', (c) => c.notNull())
      .addColumn('cover_image_id', 'integer', (c) => c.references('offer_images.id'))
      .addColumn('languages', 'text', (c) => c.notNull())
      .addColumn('introductions', 'text', (c) => c.notNull())
      .addColumn('offer_fields', 'text', (c) => c.notNull())
      .addColumn('talent_community', h.boolean, h.falseDefault)
      .addColumn('updated_at', h.timestamp, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('career_sites_cover_idx')
      .on('career_sites')
      .column('cover_image_id')
      .execute();

    await h
      .id(db.schema.createTable('career_site_privacy_notices'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('language', 'varchar(5)', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .addUniqueConstraint('career_site_privacy_notices_version_unique', [
        'company_id',
        'language',
        'version',
      ])
      .execute();

    await db.schema
      .createTable('career_site_slugs')
      .addColumn('slug', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('replaced_at', h.timestamp, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('career_site_slugs_company_idx')
      .on('career_site_slugs')
      .column('company_id')
      .execute();
  },
};
