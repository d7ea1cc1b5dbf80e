import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/platform/db/database.ts';
import { manyRows } from '../src/platform/db/many-rows.ts';
import { reseedDemo } from '../src/seed/demo-seed.ts';
import { testDatabases } from './support/test-databases.ts';

describe.each(testDatabases())('manyRows on $dialect', (testDb) => {
  let database: Database;
  beforeAll(async () => {
    database = await testDb.open();
    await reseedDemo(database);
  });
  afterAll(() => database.destroy());

  it('answers the rows Kysely answers, as objects by alias, nulls and booleans as stored', async () => {
    const query = () =>
      database.db
        .selectFrom('users')
        .leftJoin('roles', 'roles.id', 'users.role_id')
        .select(['users.id', 'users.email', 'users.img_src', 'users.active', 'roles.name as role'])
        .where('users.active', '=', true)
        .orderBy('users.id');
    const expected = await query().execute();
    expect(expected.length).toBeGreaterThan(2);
    expect(await manyRows(database.db, query())).toEqual(expected);
    // The cached statement it shared with Kysely answers objects again afterwards.
    expect(await query().execute()).toEqual(expected);
  });

  it('answers no rows as an empty list', async () => {
    const query = database.db.selectFrom('users').select(['id']).where('id', '<', 0);
    expect(await manyRows(database.db, query)).toEqual([]);
  });
});
