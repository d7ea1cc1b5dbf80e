import { readFileSync } from 'node:fs';
import path from 'node:path';

const I18N = path.resolve(import.meta.dirname, '../../apps/web/public/i18n');
const cache = new Map<string, unknown>();

/**
 * A visible string of the web app in one language, read from its translation files, for specs that
 * walk the same screens in several languages: `label('en', 'dashboard:title')` → "Dashboard".
 */
export function label(language: string, key: string): string {
  const [namespace, dotted] = key.split(':') as [string, string];
  const file = path.join(I18N, namespace, `${language}.json`);
  if (!cache.has(file)) cache.set(file, JSON.parse(readFileSync(file, 'utf8')));
  const value = dotted.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], cache.get(file));
  if (typeof value !== 'string') throw new Error(`No translation ${key} in ${language}`);
  return value;
}
