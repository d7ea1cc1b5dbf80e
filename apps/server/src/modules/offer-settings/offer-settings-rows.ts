/** A timestamp column as ISO text (PostgreSQL answers Date objects, SQLite text). */
export function iso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

export function paged<T>(data: T[], total: number, f: { page: number; per_page: number }) {
  return {
    data,
    current_page: f.page,
    last_page: Math.max(1, Math.ceil(total / f.per_page)),
    per_page: f.per_page,
    total,
  };
}
