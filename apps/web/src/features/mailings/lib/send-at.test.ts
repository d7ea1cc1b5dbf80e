import { describe, expect, it } from 'vitest';
import { localToIso } from './send-at.ts';

describe('localToIso', () => {
  it('writes the wall-clock time with the offset of the browser at that date', () => {
    const iso = localToIso('2026-05-04T09:30');
    expect(iso).toMatch(/^2026-05-04T09:30:00[+-]\d{2}:\d{2}$/);
    // The same instant as the browser reads the local time.
    expect(new Date(iso!).getTime()).toBe(new Date(2026, 4, 4, 9, 30).getTime());
    const winter = localToIso('2026-01-15T18:05');
    expect(new Date(winter!).getTime()).toBe(new Date(2026, 0, 15, 18, 5).getTime());
  });

  it('refuses what is not a time', () => {
    expect(localToIso('')).toBeNull();
    expect(localToIso('2026-02-30T10:00')).toBeNull();
    expect(localToIso('04/05/2026 09:30')).toBeNull();
  });
});
