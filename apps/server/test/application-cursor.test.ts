import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../src/modules/applications/application-cursor.ts';
import type { ApplicationSort } from '../src/modules/applications/application-columns.ts';

const newest: ApplicationSort = { field: 'created_at', direction: 'desc' };
const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('application list cursors', () => {
  it('reads back what a page wrote, for its own sort only', () => {
    for (const key of ['2026-11-30T02:10:42.123Z', '2026-11-30 02:10:42.123456+00']) {
      const text = encodeCursor(newest, { key, id: 42 });
      expect(decodeCursor(text, newest)).toEqual({ key, id: 42 });
      expect(() => decodeCursor(text, { field: 'created_at', direction: 'asc' })).toThrow();
      expect(() => decodeCursor(text, { field: 'lastname', direction: 'desc' })).toThrow();
    }
    const byStatus: ApplicationSort = { field: 'status_id', direction: 'asc' };
    expect(decodeCursor(encodeCursor(byStatus, { key: 3, id: 7 }), byStatus)).toEqual({
      key: 3,
      id: 7,
    });
  });

  it('refuses what no database would take, as 422 rather than a failed query', () => {
    const bad = [
      'nope',
      raw({}),
      raw(['created_at', 'desc', '2026-02-30T00:00:00.000Z', 1]),
      raw(['created_at', 'desc', '2026-01-01T25:00:00.000Z', 1]),
      raw(['created_at', 'desc', '0000-01-01T00:00:00.000Z', 1]),
      raw(['created_at', 'desc', '2026-01-01 00:00:00+99', 1]),
      raw(['created_at', 'desc', '2026-01-01T00:00:00.000Z', 0]),
      raw(['created_at', 'desc', '2026-01-01T00:00:00.000Z', 2 ** 31]),
      raw(['created_at', 'desc', 5, 1]),
    ];
    for (const text of bad)
      expect(() => decodeCursor(text, newest), text).toThrow(
        expect.objectContaining({ statusCode: 422 }),
      );
    const byName: ApplicationSort = { field: 'lastname', direction: 'asc' };
    expect(() => decodeCursor(raw(['lastname', 'asc', 'a\0b', 1]), byName)).toThrow();
    const byStatus: ApplicationSort = { field: 'status_id', direction: 'asc' };
    expect(() => decodeCursor(raw(['status_id', 'asc', 2 ** 40, 1]), byStatus)).toThrow();
  });
});
