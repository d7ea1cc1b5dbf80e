import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, NAMESPACES } from '@embauche/contracts/constants';
import { VALIDATION_CODES } from '@embauche/contracts/errors';
import { loadResources } from '../test/test-i18n.ts';

function flatten(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    flatten(child, prefix ? `${prefix}.${key}` : key),
  );
}

const resources = loadResources();

describe('translation files', () => {
  it('exist for every namespace and language', () => {
    const missing = NAMESPACES.flatMap((ns) =>
      LANGUAGES.filter((lng) => resources[lng]?.[ns] === undefined).map((lng) => `${ns}/${lng}.json`),
    );
    expect(missing).toEqual([]);
  });

  it.each(NAMESPACES)('%s has the same keys in fr, en, es and de', (ns) => {
    const keysByLanguage = LANGUAGES.map((lng) => new Set(flatten(resources[lng]?.[ns] ?? {})));
    const all = new Set(keysByLanguage.flatMap((keys) => [...keys]));
    const gaps = [...all].flatMap((key) =>
      LANGUAGES.filter((_, index) => !keysByLanguage[index]?.has(key)).map((lng) => `${lng}: ${key}`),
    );
    expect(gaps).toEqual([]);
    expect(all.has('title')).toBe(true);
  });

  it('never writes a key twice in one object (the second would hide the first)', () => {
    const root = path.resolve(import.meta.dirname, '../../public/i18n');
    const twice: string[] = [];
    for (const ns of readdirSync(root))
      for (const file of readdirSync(path.join(root, ns)).filter((f) => f.endsWith('.json'))) {
        // Each object's keys, as written: a stack of key sets, one per open brace.
        const stack: Set<string>[] = [];
        const text = readFileSync(path.join(root, ns, file), 'utf8');
        // Strings are read whole, so that the braces of "{{count}}" are not taken for objects.
        for (const token of text.matchAll(/"((?:[^"\\]|\\.)*)"(\s*:)?|[{}]/g)) {
          if (token[0] === '{') stack.push(new Set());
          else if (token[0] === '}') stack.pop();
          else if (token[2] !== undefined) {
            const keys = stack.at(-1)!;
            if (keys.has(token[1]!)) twice.push(`${ns}/${file}: ${token[1]}`);
            keys.add(token[1]!);
          }
        }
      }
    expect(twice).toEqual([]);
  });

  it('has a message for every validation code', () => {
    const errorKeys = new Set(flatten(resources.fr?.errors));
    const missing = [...VALIDATION_CODES, 'too_many_requests', 'generic'].filter((code) => !errorKeys.has(code));
    expect(missing).toEqual([]);
  });

  it('names every default status', () => {
    const keys = new Set(flatten(resources.fr?.config));
    for (const status of ['new', 'preselected', 'phone_interview', 'interview', 'offer_sent', 'recruited', 'refused', 'withdrawn']) {
      expect(keys.has(`status.statuses.${status}`)).toBe(true);
    }
  });
});
