import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@embauche/contracts/constants';

/**
 * docs/glossary.md (issue 35): one term per concept in each language. Its tables name, per
 * language, the words to avoid; none may start a word in that language's translation files.
 */
const glossary = readFileSync(path.resolve(import.meta.dirname, '../../../../docs/glossary.md'), 'utf8');
const i18nRoot = path.resolve(import.meta.dirname, '../../public/i18n');

/** The avoid column of each language's table. */
function avoided(lng: string): string[] {
  const section = glossary.split(/^## /m).find((s) => s.startsWith(`${lng}\n`)) ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*(concept|---)/.test(line))
    .flatMap((line) => (line.split('|')[3] ?? '').split(','))
    .map((term) => term.trim())
    .filter(Boolean);
}

function strings(value: unknown, at: string): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, at ? `${at}.${k}` : k));
  return [];
}

describe('glossary (docs/glossary.md)', () => {
  it.each(LANGUAGES)('%s has a table with words to avoid', (lng) => {
    expect(glossary).toMatch(new RegExp(`^## ${lng}$`, 'm'));
  });

  it.each(LANGUAGES)('%s translation files never use a word the glossary avoids', (lng) => {
    const terms = avoided(lng);
    const found: string[] = [];
    for (const ns of readdirSync(i18nRoot)) {
      const file = path.join(i18nRoot, ns, `${lng}.json`);
      let json: unknown;
      try {
        json = JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        continue;
      }
      for (const [key, text] of strings(json, '')) {
        const plain = text.replace(/\{\{[^}]*\}\}/g, ' ');
        for (const term of terms) {
          const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          if (new RegExp(`(?<![\\p{L}])${escaped}`, 'u').test(plain)) found.push(`${ns}/${lng}.json ${key}: "${term}" in "${text}"`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('catches a German "Angebot" (the check itself works)', () => {
    expect(avoided('de')).toEqual(expect.arrayContaining(['Angebot', 'Stellenangebot']));
    expect(/(?<![\p{L}])Angebot/u.test('Neue Angebotsvorlage')).toBe(true);
    expect(/(?<![\p{L}])Angebot/u.test('Vertragsangebot gesendet')).toBe(false);
  });
});
