import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { allTestDatabases } from './support/test-databases.ts';

const postgres = allTestDatabases().find((d) => d.dialect === 'postgres');

describe.skipIf(!postgres)('PostgreSQL connections', () => {
  it('survive the server ending an idle connection: the next query opens a new one', async () => {
    const database = await postgres!.open();
    try {
      const before = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(
        database.db,
      );
      const pid = before.rows[0]!.pid;
      // Another session ends the pool's idle connection, as a restart or an administrator would.
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Unhandled, the pool's 'error' would have ended the process (Vitest: uncaught exception).
      const after = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      expect(after.rows[0]!.pid).not.toBe(pid);
    } finally {
      await database.destroy();
    }
  });
});
