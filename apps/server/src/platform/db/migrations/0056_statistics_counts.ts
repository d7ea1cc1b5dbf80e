import { sql, type Kysely } from 'kysely';
import type { Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';
import { rebuildStatisticsCounts } from '../statistics-counts.ts';

/**
 * Daily sums of the status history per company (issue 40, docs/statistics.md): what the
 * statistics read for a company's whole scope instead of its millions of history rows, kept by
 * the same transactions as the history (status-history.ts), filled here from the history. Also
 * the indexes the recruiter activity counts over a period need (comments and e-mails of the
 * feed, SMS sent).
 */
export const statisticsCounts: Migration = {
  name: '0056_statistics_counts',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const pg = dialect === 'postgres';
    let table = db.schema
      .createTable('statistics_counts')
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('metric', 'smallint', (c) => c.notNull())
      .addColumn('a', 'integer', (c) => c.notNull())
      .addColumn('b', 'integer', (c) => c.notNull())
      .addColumn('n', pg ? 'bigint' : 'integer', (c) => c.notNull())
      .addColumn('total', pg ? 'bigint' : 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('statistics_counts_pk', ['company_id', 'day', 'metric', 'a', 'b']);
    // SQLite: the rows live in the key's b-tree (a period's sums are one range of it).
    if (!pg) table = table.modifyEnd(sql`without rowid`);
    await table.execute();
    // The company's table alone: the per-offer and per-board ones come with migration 0061.
    await rebuildStatisticsCounts(db, dialect, undefined, ['company']);
    await db.schema
      .createIndex('activity_feed_entries_company_created_idx')
      .on('activity_feed_entries')
      .columns(['company_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('sms_messages_company_created_idx')
      .on('sms_messages')
      .columns(['company_id', 'created_at'])
      .execute();
  },
};
