import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/platform/db/database.ts';
import { foldedSql, foldText } from '../src/platform/db/text-fold.ts';
import { testDatabases } from './support/test-databases.ts';

/** What the searches compare: the same folding in SQL as in JavaScript (docs/lists.md "Text searches"). */
const SAMPLES = [
  'ÉQUIPIER polyvalent',
  'Responsable trésorerie',
  'Chargé d’accueil H/F',
  'Hélène Dupré-Lefèvre',
  'Ångström Ñandú Müller Çelik',
  'ÀÂÄÇÈÉÊËÎÏÔÖÙÛÜŸ àâäçèéêëîïôöùûüÿ',
  'Œuvre Ørsted Łódź Æther',
  'plain ascii 123 %_\\',
];

describe.each(testDatabases())('text folding on $dialect', (testDb) => {
  let database: Database;
  beforeAll(async () => {
    database = await testDb.open();
  });
  afterAll(() => database.destroy());

  it('folds in SQL as foldText does in JavaScript', async () => {
    for (const text of SAMPLES) {
      const { rows } = await sql<{ folded: string }>`select ${foldedSql(
        database.dialect,
        sql<string>`${text}`,
      )} as folded`.execute(database.db);
      expect(rows[0]!.folded, text).toBe(foldText(text));
    }
  });
});
