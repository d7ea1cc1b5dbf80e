import { MAX_ID } from '@embauche/contracts/ids';
import { validationFailed } from '../../platform/http/http-error.ts';
import type { ApplicationSort } from './application-columns.ts';

/**
 * Where an application list's page starts (issue 42, docs/lists.md): after the row with this sort
 * value and id, in this sort's order. A page answers it as `next_cursor`; the next call passes it
 * back as `cursor`, so that cards moved or added meanwhile shift nothing (an offset would skip or
 * repeat them) and a deep page costs what the first one does.
 */
export type ApplicationCursor = { key: string | number; id: number };

/** A timestamp as SQLite (ISO 8601) or PostgreSQL (its text, microseconds and offset) holds it. */
const TIMESTAMP =
  /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d:\d\d)(\.\d{1,6})?(Z|[+-](0\d|1[0-4])(:[0-5]\d)?)?$/;

/** A timestamp of that form that is a real instant (no 31 February, no 25 o'clock). */
function isTimestamp(text: string): boolean {
  const m = TIMESTAMP.exec(text);
  // (PostgreSQL has no year 0.)
  if (!m || m[1]!.startsWith('0000')) return false;
  const at = new Date(`${m[1]}T${m[2]}Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(`${m[1]}T${m[2]}`);
}

/** An integer a column of ids or statuses holds. */
const isId = (n: unknown) =>
  Number.isSafeInteger(n) && (n as number) >= 1 && (n as number) <= MAX_ID;

/** `sort` and the row's keyset, opaque to clients (base64url of JSON). */
export function encodeCursor(sort: ApplicationSort, cursor: ApplicationCursor): string {
  return Buffer.from(JSON.stringify([sort.field, sort.direction, cursor.key, cursor.id])).toString(
    'base64url',
  );
}

/** The cursor of `text` for `sort`; 422 `cursor: invalid` when it is not one of this sort's. */
export function decodeCursor(text: string, sort: ApplicationSort): ApplicationCursor {
  const invalid = () => validationFailed({ cursor: ['invalid'] });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw invalid();
  const [field, direction, key, id] = parsed as unknown[];
  const numeric = sort.field === 'status_id';
  const dated = sort.field === 'created_at' || sort.field === 'updated_at';
  if (
    field !== sort.field ||
    direction !== sort.direction ||
    (numeric ? !isId(key) : typeof key !== 'string' || key.length > 400 || key.includes('\0')) ||
    (dated && !isTimestamp(key as string)) ||
    !isId(id)
  )
    throw invalid();
  return { key: key as string | number, id: id as number };
}
