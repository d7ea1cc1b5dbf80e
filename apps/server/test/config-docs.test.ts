import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configEnvSchema } from '../src/platform/config/config.ts';

/**
 * docs/configuration.md holds every environment variable the server reads, once, in one table
 * (issue 34): its names must be exactly those of `platform/config` (plus the few `process.env.X`
 * read elsewhere in src/), and a default written there as a plain value must be the schema's.
 */
const serverRoot = path.resolve(import.meta.dirname, '..');
const docPath = path.resolve(serverRoot, '../../docs/configuration.md');

type Row = { name: string; defaultCell: string; line: string };

/** The rows of the first `| variable | default | … |` table. */
function documentedVariables(markdown: string): Row[] {
  const lines = markdown.split('\n');
  const header = lines.findIndex((l) => /^\|\s*variable\s*\|\s*default\s*\|/.test(l));
  if (header < 0) throw new Error('docs/configuration.md has no "| variable | default |" table');
  const rows: Row[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((c) => c.trim());
    const name = /^`([A-Z][A-Z0-9_]*)`$/.exec(cells[0] ?? '')?.[1];
    if (!name) throw new Error(`a row of the table names no single variable: ${line}`);
    rows.push({ name, defaultCell: cells[1] ?? '', line });
  }
  return rows;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|mts|mjs|js)$/.test(entry.name) ? [full] : [];
  });
}

/** `process.env.X` and `process.env['X']` anywhere in the server's sources. */
function namesReadFromProcessEnv(): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = /process\.env(?:\.([A-Z][A-Z0-9_]*)|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g;
  for (const file of sourceFiles(path.join(serverRoot, 'src'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(pattern)) {
      const name = m[1] ?? m[2];
      if (name) found.set(name, path.relative(serverRoot, file));
    }
  }
  return found;
}

describe('docs/configuration.md and platform/config', () => {
  const rows = documentedVariables(readFileSync(docPath, 'utf8'));
  const documented = rows.map((r) => r.name);
  const schemaNames = Object.keys(configEnvSchema.shape);
  const read = new Set([...schemaNames, ...namesReadFromProcessEnv().keys()]);

  it('finds the table and the config loader', () => {
    expect(rows.length).toBeGreaterThan(10);
    expect(schemaNames).toContain('DATABASE_URL');
  });

  it('documents every variable once', () => {
    const twice = documented.filter((name, i) => documented.indexOf(name) !== i);
    expect(twice, 'variables with two rows').toEqual([]);
  });

  it('documents every variable the server reads', () => {
    const missing = [...read].filter((name) => !documented.includes(name)).sort();
    expect(missing, 'read by the server but missing from docs/configuration.md').toEqual([]);
  });

  it('documents no variable the server does not read', () => {
    const unknown = documented.filter((name) => !read.has(name)).sort();
    expect(unknown, 'in docs/configuration.md but read nowhere in apps/server/src').toEqual([]);
  });

  it("writes the schema's defaults where they are plain values", () => {
    const defaults = configEnvSchema.parse({}) as Record<string, unknown>;
    const wrong: string[] = [];
    for (const row of rows) {
      const value = defaults[row.name];
      if (!['string', 'number', 'boolean'].includes(typeof value)) continue;
      // An empty default is written as a dash: markdown has no empty code span.
      const written =
        value === '' && row.defaultCell.startsWith('–')
          ? ''
          : /^`([^`]*)`/.exec(row.defaultCell)?.[1];
      if (written !== String(value)) {
        wrong.push(`${row.name}: config ${JSON.stringify(value)}, docs "${row.defaultCell}"`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('catches a missing, an unknown and a wrong default in a table', () => {
    // The checks above on a doctored table: they must fail where the docs drift.
    const table = [
      '| variable | default | what it does |',
      '| --- | --- | --- |',
      '| `PORT` | `8080` | where |',
      '| `NOT_READ_ANYWHERE` | – | nothing |',
    ].join('\n');
    const doctored = documentedVariables(table);
    expect(doctored.map((r) => r.name)).toEqual(['PORT', 'NOT_READ_ANYWHERE']);
    expect(read.has('NOT_READ_ANYWHERE')).toBe(false);
    expect([...read].some((name) => !doctored.some((r) => r.name === name))).toBe(true);
    const portDefault = String((configEnvSchema.parse({}) as Record<string, unknown>).PORT);
    expect(/^`([^`]*)`/.exec(doctored[0]!.defaultCell)?.[1]).not.toBe(portDefault);
  });
});
