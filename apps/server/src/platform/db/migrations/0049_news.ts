import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * The news popup (issue 38 part 5, docs/news-popup.md): the product staff's news items, each with
 * a title and body per language, an audience (every company or chosen ones, optionally by country)
 * and a period, and which users closed which item.
 *
 * The current-item query (every page load of every user) reads the items not yet ended through
 * `news_items_period_idx` (few rows: past items drop out of the range), then per item the primary
 * keys of its companies, countries and the user's dismissals.
 */
export const news: Migration = {
  name: '0049_news',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await h
      .id(db.schema.createTable('news_items'))
      .addColumn('audience', 'varchar(16)', (c) => c.notNull())
      .addColumn('starts_at', h.timestamp, (c) => c.notNull())
      .addColumn('ends_at', h.timestamp, (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .addColumn('updated_at', h.timestamp, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('news_items_period_idx')
      .on('news_items')
      .columns(['ends_at', 'starts_at'])
      .execute();
    // The admin list: the latest start first.
    await db.schema
      .createIndex('news_items_start_idx')
      .on('news_items')
      .columns(['starts_at', 'id'])
      .execute();

    await db.schema
      .createTable('news_item_contents')
      .addColumn('news_id', 'integer', (c) =>
        c.notNull().references('news_items.id').onDelete('cascade'),
      )
      .addColumn('language', 'varchar(5)', (c) => c.notNull())
      .addColumn('title', 'varchar(150)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('news_item_contents_pk', ['news_id', 'language'])
      .execute();

    await db.schema
      .createTable('news_item_companies')
      .addColumn('news_id', 'integer', (c) =>
        c.notNull().references('news_items.id').onDelete('cascade'),
      )
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('news_item_companies_pk', ['news_id', 'company_id'])
      .execute();
    // A company's deletion finds its rows without a scan.
    await db.schema
      .createIndex('news_item_companies_company_idx')
      .on('news_item_companies')
      .column('company_id')
      .execute();

    await db.schema
      .createTable('news_item_countries')
      .addColumn('news_id', 'integer', (c) =>
        c.notNull().references('news_items.id').onDelete('cascade'),
      )
      .addColumn('country', 'varchar(2)', (c) => c.notNull())
      .addPrimaryKeyConstraint('news_item_countries_pk', ['news_id', 'country'])
      .execute();

    await db.schema
      .createTable('news_dismissals')
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('news_id', 'integer', (c) =>
        c.notNull().references('news_items.id').onDelete('cascade'),
      )
      .addColumn('dismissed_at', h.timestamp, (c) => c.notNull())
      .addPrimaryKeyConstraint('news_dismissals_pk', ['user_id', 'news_id'])
      .execute();
    // The admin list's counts, and an item's deletion.
    await db.schema
      .createIndex('news_dismissals_news_idx')
      .on('news_dismissals')
      .column('news_id')
      .execute();
  },
};
