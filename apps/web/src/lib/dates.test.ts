import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../test/test-i18n.ts';
import { formatDate, formatRelative, weekOptions, zoneOffsetLabel } from './dates.ts';

describe('dates', () => {
  it('writes a day as the date fields of the interface language do (issue 35)', () => {
    const day = new Date(2026, 10, 19, 14, 5);
    expect(formatDate(day, 'date', 'fr')).toBe('19/11/2026');
    expect(formatDate(day, 'date', 'en')).toBe('19/11/2026');
    expect(formatDate(day, 'date', 'es')).toBe('19/11/2026');
    expect(formatDate(day, 'date', 'de')).toBe('19.11.2026');
    expect(formatDate(day, 'datetime', 'de')).toBe('19.11.2026 14:05');
    expect(formatDate(day, 'long', 'de')).toBe('19. November 2026');
    expect(formatDate(day, 'long', 'fr')).toBe('19 novembre 2026');
    expect(formatDate(day, 'weekday', 'es')).toBe('jueves');
    // A calendar day stays that day whatever the browser's zone; an instant can be read in a zone.
    expect(formatDate('2026-11-19', 'date', 'de')).toBe('19.11.2026');
    expect(formatDate('2026-11-19T23:30:00Z', 'datetime', 'fr', { timeZone: 'Europe/Paris' })).toBe('20/11/2026 00:30');
    expect(formatDate('not a date')).toBe('');
  });

  it("names a zone's offset at an instant, and nothing for an unknown zone", () => {
    expect(zoneOffsetLabel('Europe/Paris', new Date('2026-01-15T12:00:00Z'))).toBe('GMT+01:00');
    expect(zoneOffsetLabel('Europe/Paris', new Date('2026-07-15T12:00:00Z'))).toBe('GMT+02:00');
    expect(zoneOffsetLabel('Nowhere/Atlantis')).toBe('');
  });

  it('is the only date formatter of the app: no Intl date formatting elsewhere in the code', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !path.endsWith(join('lib', 'dates.ts'))) {
          const text = readFileSync(path, 'utf8');
          if (/Intl\.DateTimeFormat|toLocaleDateString|toLocaleTimeString/.test(text)) offenders.push(path);
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
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
