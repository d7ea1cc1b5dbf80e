import { sql, type Expression, type SqlBool } from 'kysely';
import type { Dialect } from './database.ts';

/** Up to this many ids, a plain `in (?, ?, …)`; beyond, one parameter holding them all. */
const INLINE_IDS = 100;

/**
 * `column in ids` for a list of any length. A long list (the 5,000 applications of an unpaged
 * offer list) goes as one parameter: a JSON array read by `json_each` on SQLite, an `int[]` on
 * PostgreSQL. The statement text then stays the same whatever the count (SQLite prepares it once
 * instead of parsing thousands of placeholders) and no driver limit on parameters is reached.
 */
export function inIds(
  dialect: Dialect,
  column: Expression<number | null>,
  ids: readonly number[],
): Expression<SqlBool> {
  if (!ids.length) return sql<SqlBool>`1 = 0`;
  if (ids.length <= INLINE_IDS)
    return sql<SqlBool>`${column} in (${sql.join(ids.map((id) => sql`${id}`))})`;
  return dialect === 'postgres'
    ? sql<SqlBool>`${column} = any(${[...ids]}::int[])`
    : sql<SqlBool>`${column} in (select value from json_each(${JSON.stringify(ids)}))`;
}
