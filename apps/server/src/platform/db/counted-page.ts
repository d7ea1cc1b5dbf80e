import type { SelectQueryBuilder } from 'kysely';
import type { Paged } from '@embauche/contracts/paging';
import { pageOf } from '../http/list-query.ts';

/**
 * A page of `query` whose total comes from `total` (a counter table kept by triggers, migration
 * 0008) instead of a COUNT over the rows: the same answer as `paginate`, at a cost that does not
 * grow with the table. Both run at once (two pool connections on PostgreSQL).
 */
export async function countedPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: number,
  perPage: number,
  total: () => Promise<number>,
): Promise<Paged<O>> {
  const [count, data] = await Promise.all([
    total(),
    query
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
  ]);
  return pageOf(data, page, perPage, count);
}
