import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/platform/db/database.ts';
import {
  filterList,
  paginate,
  parseListQuery,
  windowPage,
} from '../src/platform/http/list-query.ts';
import { reseedDemo } from '../src/seed/demo-seed.ts';
import { testDatabases } from './support/test-databases.ts';

describe('list query parsing', () => {
  it('reads filter[…], sort and paging, dropping empty filters', () => {
    const q = parseListQuery(
      {
        'filter[status]': 'published,draft',
        'filter[q]': '  ',
        filter: { archived: '0' },
        sort: '-created_at',
        page: '2',
        per_page: '500',
      },
      ['created_at'],
    );
    expect(q).toEqual({
      page: 2,
      perPage: 100,
      filters: { status: 'published,draft', archived: '0' },
      sort: { field: 'created_at', direction: 'desc' },
    });
    expect(filterList(q.filters.status)).toEqual(['published', 'draft']);
  });
  it('refuses an unknown sort column and a bad page with 422', () => {
    expect(() => parseListQuery({ sort: 'password_hash' }, ['name'])).toThrow(
      expect.objectContaining({ statusCode: 422 }),
    );
    expect(() => parseListQuery({ page: '0' })).toThrow(
      expect.objectContaining({ statusCode: 422 }),
    );
  });
  it('names the field and the bound: huge pages, odd numbers and bad page sizes are 422', () => {
    const errors = (query: Record<string, unknown>) => {
      try {
        parseListQuery(query);
      } catch (err) {
        return (err as { statusCode: number; errors: unknown }).errors;
      }
      return null;
    };
    expect(errors({ page: '99999999999999999999' })).toEqual({ page: ['max_value:100000'] });
    expect(errors({ page: '100001' })).toEqual({ page: ['max_value:100000'] });
    expect(parseListQuery({ page: '100000' }).page).toBe(100_000);
    for (const page of ['1e3', '0x10', '1.5', '-1', 'NaN', ['1', '2']])
      expect(errors({ page })).toEqual({ page: ['invalid'] });
    expect(errors({ per_page: 'abc' })).toEqual({ per_page: ['invalid'] });
    // Asking for more than the biggest page size gets the biggest one.
    expect(parseListQuery({ per_page: '99999999999999999999' }).perPage).toBe(100);
  });
});

describe.each(testDatabases())('paginate on $dialect', (testDb) => {
  let database: Database;
  beforeAll(async () => {
    database = await testDb.open();
    await reseedDemo(database);
  });
  afterAll(() => database.destroy());

  it('answers one page with the total and the last page', async () => {
    const query = database.db.selectFrom('users').select(['id', 'email']).orderBy('id');
    const page = await paginate(query, 2, 3);
    const all = await query.execute();
    expect(page.total).toBe(all.length);
    expect(page.current_page).toBe(2);
    expect(page.per_page).toBe(3);
    expect(page.last_page).toBe(Math.ceil(all.length / 3));
    expect(page.data).toEqual(all.slice(3, 6));
  });

  it('answers the same page and total from one statement (windowPage), past the last page too', async () => {
    const query = database.db.selectFrom('users').select(['id', 'email']).orderBy('id');
    const all = await query.execute();
    for (const n of [1, 2, Math.ceil(all.length / 3) + 1])
      expect(await windowPage(query, n, 3)).toEqual(await paginate(query, n, 3));
    // The window's column stays inside: the rows hold the selected columns only.
    expect(Object.keys((await windowPage(query, 1, 3)).data[0]!)).toEqual(['id', 'email']);
  });
});
