import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A short hash of every translation file: the web app puts it in the translation URLs, so the
 * server can let browsers keep them a year and a release with new texts still gets them fetched.
 */
export function i18nVersion(dir: string): string {
  const hash = createHash('sha256');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.json'))
    .sort();
  for (const file of files) hash.update(file).update(readFileSync(path.join(dir, file)));
  return hash.digest('hex').slice(0, 12);
}
