import type { Kysely } from 'kysely';
import type { Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';
import { rebuildStatisticsCounts } from '../statistics-counts.ts';

/**
 * The sums of each group of offers and each offer on each job board (`<group>@<board>`,
 * `o:<offer>@<board>` in `statistics_group_counts`, issue 40, docs/statistics.md): what a
 * statistics call filtered on offers and a job board at once reads instead of the history.
 * Written by rebuilding the groups' sums from the history.
 */
export const statisticsBoardGroups: Migration = {
  name: '0065_statistics_board_groups',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await rebuildStatisticsCounts(db, dialect, undefined, ['group']);
  },
};
