import { describe, expect, it } from 'vitest';
import { addDays, calendarDay, parseDateRange } from '../src/platform/http/date-range.ts';

describe('date range filters', () => {
  it('read real calendar days, either side optional', () => {
    expect(parseDateRange('2026-02-01,2026-02-28', 'created_at')).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(parseDateRange(',2024-02-29', 'created_at')).toEqual({ from: null, to: '2024-02-29' });
    expect(parseDateRange(',', 'created_at')).toBeNull();
  });

  it('refuse what no database stores as a day: 422 on the filter (found by the fuzz)', () => {
    for (const bad of [
      '2026-02-31,',
      '2025-02-29,',
      '0000-01-01,',
      ',9999-12-31',
      'hier,',
      '2026-1-5,',
    ])
      expect(() => parseDateRange(bad, 'scope_range'), bad).toThrow(
        expect.objectContaining({ statusCode: 422 }),
      );
    expect(calendarDay('1000-01-01')).toBeDefined();
    expect(addDays('9998-12-31', 1)).toBe('9999-01-01');
  });
});
