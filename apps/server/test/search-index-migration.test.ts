import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../src/platform/db/database.ts';
import { migrations } from '../src/platform/db/migrations/migrations.ts';

describe('SQLite search index without word positions (migration 0034)', () => {
  it('keeps every indexed row, its matches and the applicants’ delete trigger', async () => {
    const database = createDatabase('sqlite::memory:');
    const { db } = database;
    try {
      const index = migrations.findIndex((m) => m.name === '0034_search_index_columns');
      for (const m of migrations.slice(0, index)) await m.up(db as never, 'sqlite');
      await sql`insert into applicant_search (rowid, name, email, tags, cv_text) values
        (7, 'c1zcamille c1zdupont', 'c1zcamille c1zdupont c1zexample c1zcom', '', 'c1zcomptable c1zlyon'),
        (8, 'c1zjean c1zmartin', '', 'c1zsoudure', 'c1zcomptabilite c1zparis')`.execute(db);
      await migrations[index]!.up(db as never, 'sqlite');

      const match = async (query: string) =>
        (
          await sql<{
            id: number;
          }>`select rowid as id from applicant_search where applicant_search match ${query} order by rowid`.execute(
            db,
          )
        ).rows.map((r) => r.id);
      expect(await match('{name email tags cv_text} : ("c1zcompta"* "c1zlyo"*)')).toEqual([7]);
      expect(await match('{name email tags cv_text} : ("c1zcompta"*)')).toEqual([7, 8]);
      // Column filters still work: the CV word is not an identity word.
      expect(await match('{name email tags} : ("c1zcompta"*)')).toEqual([]);
      expect(await match('{name email tags} : ("c1zsoud"*)')).toEqual([8]);
      const schema = await sql<{
        type: string;
        name: string;
        sql: string;
      }>`select type, name, sql from sqlite_master where name like 'applicant_search%' or name = 'applicants_search_delete'`.execute(
        db,
      );
      expect(schema.rows.find((r) => r.name === 'applicant_search')?.sql).toContain(
        'detail = column',
      );
      expect(schema.rows.some((r) => r.name.includes('_v4'))).toBe(false);
      expect(schema.rows.find((r) => r.type === 'trigger')?.name).toBe('applicants_search_delete');
    } finally {
      await database.destroy();
    }
  });
});
