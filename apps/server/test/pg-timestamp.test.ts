import { describe, expect, it } from 'vitest';
import { pgTimestampToIso } from '../src/platform/db/pg-timestamp.ts';

/** What the parser did before: a Date per value. */
const viaDate = (text: string, withZone: boolean) =>
  new Date(withZone ? text : `${text}Z`).toISOString();

describe('pgTimestampToIso', () => {
  it('answers what Date answers for every fraction length, with and without the zone', () => {
    const fractions = ['', '.5', '.58', '.582', '.5829', '.58291', '.582919', '.999999', '.000001'];
    for (const fraction of fractions) {
      const bare = `2026-11-26 09:05:07${fraction}`;
      expect(pgTimestampToIso(`${bare}+00`, true)).toBe(viaDate(`${bare}+00`, true));
      expect(pgTimestampToIso(bare, false)).toBe(viaDate(bare, false));
    }
  });

  it('leaves other offsets and forms to Date', () => {
    for (const text of [
      '2026-03-29 01:30:00+02',
      '2026-11-26 11:21:21.5+05:30',
      '0999-01-01 00:00:00+00',
    ])
      expect(pgTimestampToIso(text, true)).toBe(viaDate(text, true));
    // A timestamptz text without its zone, or a timestamp with one, is not rewritten blindly.
    expect(pgTimestampToIso('2026-11-26 11:21:21+00', false)).toBe(
      viaDate('2026-11-26 11:21:21+00', false),
    );
  });
});
