import { sql, type Kysely } from 'kysely';
import type { Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';
import { rebuildStatisticsCounts } from '../statistics-counts.ts';

/**
 * The daily sums of the status history per offer, per job board and per group of offers (issue
 * 40, docs/statistics.md): what a statistics call filtered on offers (project, offer, subsidiary,
 * recruiter, contract type, a user's project scope) or on a job board reads instead of the
 * history, kept by the same transactions as the history (status-history.ts), filled here from it.
 * The same columns as `statistics_counts` plus the offer (0: spontaneous applications), the job
 * board (0: none) or the group (`p:<project>`, `s:<subsidiary>`, `c:<contract type>` of the
 * offer), which comes right after the company in the key so that a set of them is read as one
 * range of the key per key and metric.
 */
export const statisticsOfferCounts: Migration = {
  name: '0061_statistics_offer_counts',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const pg = dialect === 'postgres';
    for (const [table, key, type] of [
      ['statistics_offer_counts', 'offer_id', 'integer'],
      ['statistics_board_counts', 'jobboard_id', 'integer'],
      ['statistics_group_counts', 'grp', 'varchar(60)'],
    ] as const) {
      let create = db.schema
        .createTable(table)
        .addColumn('company_id', 'integer', (c) =>
          c.notNull().references('companies.id').onDelete('cascade'),
        )
        .addColumn(key, type, (c) => c.notNull())
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('metric', 'smallint', (c) => c.notNull())
        .addColumn('a', 'integer', (c) => c.notNull())
        .addColumn('b', 'integer', (c) => c.notNull())
        .addColumn('n', pg ? 'bigint' : 'integer', (c) => c.notNull())
        .addColumn('total', pg ? 'bigint' : 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${table}_pk`, ['company_id', key, 'metric', 'day', 'a', 'b']);
      // SQLite: the rows live in the key's b-tree (an offer's period is one range of it).
      if (!pg) create = create.modifyEnd(sql`without rowid`);
      await create.execute();
    }
    await rebuildStatisticsCounts(db, dialect, undefined, ['offer', 'board', 'group']);
  },
};
