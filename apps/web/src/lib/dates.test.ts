import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../test/test-i18n.ts';
import { formatDate, formatRelative, weekOptions } from './dates.ts';

describe('dates', () => {
  it('formats dd/MM/yy by default', () => {
    expect(formatDate(new Date(2026, 0, 5, 10, 30))).toBe('05/01/26');
    expect(formatDate('not a date')).toBe('');
  });

  it('follows each language week rules', () => {
    expect(weekOptions('es')).toEqual({ weekStartsOn: 1, firstWeekContainsDate: 1 });
    expect(weekOptions('de')).toEqual({ weekStartsOn: 1, firstWeekContainsDate: 4 });
    expect(weekOptions('fr').weekStartsOn).toBe(1);
  });

  it('writes relative times in French', () => {
    const t = createTestI18n('fr').t;
    const now = new Date(2026, 0, 10, 12, 0, 0);
    const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
    expect(formatRelative(ago(30), t, now)).toBe("à l'instant");
    expect(formatRelative(ago(5 * 60), t, now)).toBe('il y a 5 min');
    expect(formatRelative(ago(3 * 3600), t, now)).toBe('il y a 3 h');
    expect(formatRelative(ago(2 * 86400), t, now)).toBe('il y a 2 j');
  });

  it('writes relative times in English', () => {
    const t = createTestI18n('en').t;
    const now = new Date();
    expect(formatRelative(new Date(now.getTime() - 120_000), t, now)).toBe('2 min ago');
  });
});
