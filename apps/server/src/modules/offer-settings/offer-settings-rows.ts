/** A timestamp column as ISO text (PostgreSQL answers Date objects, SQLite text). */
export function iso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}
