import { sql, type SelectQueryBuilder } from 'kysely';
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE } from '@embauche/contracts/constants';
import type { Paged } from '@embauche/contracts/paging';
import { validationFailed } from './http-error.ts';

export type ListQuery = {
  page: number;
  perPage: number;
  /** `filter[name]=value`; comma-joined values stay joined, use `filterList` to split. Empty values are dropped. */
  filters: Record<string, string>;
  sort: { field: string; direction: 'asc' | 'desc' } | null;
};

/**
 * Reads `page`, `per_page`, `filter[name]` and `sort=name|-name` from a parsed query string.
 * `allowedSorts` keeps clients from sorting on arbitrary columns.
 */
export function parseListQuery(
  query: Record<string, unknown>,
  allowedSorts: readonly string[] = [],
): ListQuery {
  const page = toInt('page', query.page, 1);
  if (page > MAX_PAGE) throw validationFailed({ page: [`max_value:${MAX_PAGE}`] });
  // A bigger page size is served as the biggest one (clients ask for "everything").
  const perPage = Math.min(toInt('per_page', query.per_page, DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
  const filters: Record<string, string> = {};
  for (const [key, raw] of Object.entries(query)) {
    // `filter[a][b]` (a nested key, e.g. `filter[custom_fields][12]`) is read as `a.b`.
    const match = /^filter\[([a-zA-Z0-9_.]+)\](?:\[([a-zA-Z0-9_]+)\])?$/.exec(key);
    const name = match?.[2] ? `${match[1]}.${match[2]}` : match?.[1];
    if (!name) continue;
    const value = Array.isArray(raw) ? raw.join(',') : String(raw ?? '');
    if (value.trim() !== '') filters[name] = value.trim();
  }
  // A nested object (qs-style parsing) is accepted too.
  if (query.filter && typeof query.filter === 'object') {
    for (const [name, raw] of Object.entries(query.filter as Record<string, unknown>)) {
      const value = Array.isArray(raw) ? raw.join(',') : String(raw ?? '');
      if (value.trim() !== '') filters[name] = value.trim();
    }
  }
  let sort: ListQuery['sort'] = null;
  if (typeof query.sort === 'string' && query.sort !== '') {
    const field = query.sort.replace(/^-/, '');
    if (!allowedSorts.includes(field)) throw validationFailed({ sort: ['invalid'] });
    sort = { field, direction: query.sort.startsWith('-') ? 'desc' : 'asc' };
  }
  return { page, perPage, filters, sort };
}

export function filterList(value: string | undefined): string[] {
  return value
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : [];
}

/**
 * A positive whole number written in decimal digits (not `1e3`, `0x10` or `1.5`); 422 `invalid` on
 * `field` otherwise. A huge one comes back as it is (Infinity past 1e308): callers bound it.
 */
function toInt(field: string, value: unknown, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const text = typeof value === 'number' ? String(value) : value;
  const n = typeof text === 'string' && /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
  if (Number.isNaN(n) || n < 1) throw validationFailed({ [field]: ['invalid'] });
  return n;
}

/** A page of `data` out of `total` rows, `perPage` a page (at least one page, even empty). */
export function pageOf<T>(data: T[], page: number, perPage: number, total: number): Paged<T> {
  return {
    data,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}

function countOf<D, T extends keyof D>(query: SelectQueryBuilder<D, T, unknown>) {
  return query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirst();
}

/**
 * Runs a paged query: one COUNT and one page of rows, never the whole table. `countQuery`, when
 * given, counts instead of `query` (the same rows without the joins that only add columns).
 */
export async function paginate<DB, TB extends keyof DB, O, CDB = DB, CTB extends keyof CDB = never>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: number,
  perPage: number,
  countQuery?: SelectQueryBuilder<CDB, CTB, unknown>,
): Promise<Paged<O>> {
  // Both at once: on PostgreSQL two pool connections answer together (SQLite runs them in turn).
  const [countRow, data] = await Promise.all([
    countQuery ? countOf(countQuery) : countOf(query),
    query
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
  ]);
  const total = Number((countRow as { total?: number } | undefined)?.total ?? 0);
  return pageOf(data, page, perPage, total);
}

/**
 * A page that is not counted (a caller that knows the total already, such as a board column whose
 * count the board read): one row more than the page tells whether another follows. `total` is then
 * the rows up to this page and `last_page` this page, or the next when more rows follow. `offset`:
 * rows skipped before the page (0 after a keyset cursor, whose `page` is only echoed).
 */
export async function uncountedPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: number,
  perPage: number,
  offset: number,
): Promise<Paged<O>> {
  const rows = await query
    .limit(perPage + 1)
    .offset(offset)
    .execute();
  const data = rows.slice(0, perPage);
  const more = rows.length > perPage;
  return {
    data,
    current_page: page,
    last_page: more ? page + 1 : page,
    per_page: perPage,
    total: (page - 1) * perPage + data.length,
  };
}

/**
 * A page and its total from one statement (`count(*) over ()`), for a filter that costs the same
 * for every statement that tests it (a name's matches: SQLite's full-text matches or
 * PostgreSQL's hash of them, built once per statement) over rows that are few once filtered (one
 * offer's applications): `paginate` would list the matches twice. Past the last page, no row
 * carries the total: it is counted then.
 */
export async function windowPage<
  DB,
  TB extends keyof DB,
  O,
  CDB = DB,
  CTB extends keyof CDB = never,
>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: number,
  perPage: number,
  countQuery?: SelectQueryBuilder<CDB, CTB, unknown>,
): Promise<Paged<O>> {
  const rows = (await query
    .select(sql<number>`count(*) over ()`.as('window_total'))
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute()) as (O & { window_total: number })[];
  let total = rows.length ? Number(rows[0]!.window_total) : 0;
  if (!rows.length && page > 1) {
    const row = await (countQuery ? countOf(countQuery) : countOf(query));
    total = Number((row as { total?: number } | undefined)?.total ?? 0);
  }
  const data = rows.map((r) => {
    const { window_total: _, ...row } = r;
    return row as O;
  });
  return pageOf(data, page, perPage, total);
}
