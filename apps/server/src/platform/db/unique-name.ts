import { validationFailed } from '../http/http-error.ts';

/** A unique index refused the row (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Whether one of `rows` (but `exceptId`) holds `name`, ignoring case. Folded here in JavaScript
 * rather than with SQL `lower()`, which SQLite applies to ASCII letters only: « Équipe » and
 * « ÉQUIPE » are the same name on both databases.
 */
export function nameTakenAmong(
  rows: readonly { id: number; name: string }[],
  name: string,
  exceptId?: number,
): boolean {
  const wanted = name.toLocaleLowerCase();
  return rows.some((r) => r.id !== exceptId && r.name.toLocaleLowerCase() === wanted);
}

/** The 422 of a name already used (`name: not_unique`). */
export const nameTaken = () => validationFailed({ name: ['not_unique'] });

/**
 * Runs a write guarded by a unique index on the name: the name is checked first for a clear
 * answer (`nameTakenAmong`); a race that the index settles answers the same 422.
 */
export async function writeUniqueName<T>(act: () => Promise<T>): Promise<T> {
  try {
    return await act();
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}
