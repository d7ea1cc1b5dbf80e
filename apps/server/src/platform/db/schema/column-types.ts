import type { ColumnType } from 'kysely';

/** Booleans come back as 0/1 from SQLite and true/false from PostgreSQL; map with `Boolean()`. */
export type Bool = ColumnType<boolean | number, boolean, boolean>;
/** A boolean with a database default: optional on insert. */
export type BoolWithDefault = ColumnType<boolean | number, boolean | undefined, boolean>;
/** ISO 8601 UTC text on both databases (timestamptz on PostgreSQL, parsed back to ISO text). */
export type Timestamp = ColumnType<string, string, string>;
