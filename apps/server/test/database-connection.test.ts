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

  it('survive the server ending a connection that is checked out: the work fails, the process goes on', async () => {
    const database = await postgres!.open();
    try {
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      // A connection held between two statements (a transaction's work between its queries) is
      // ended by the server (a restart under load): pg's client emits 'error' while the pool has
      // no listener on it; unhandled, the process would end (Vitest: uncaught exception).
      const failed = await database.db
        .transaction()
        .execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
          await new Promise((resolve) => setTimeout(resolve, 200));
          await sql`select 1`.execute(trx);
        })
        .then(
          () => false,
          () => true,
        );
      await admin.end();
      expect(failed).toBe(true);
      const after = await sql<{ n: number }>`select 1 as n`.execute(database.db);
      expect(after.rows[0]!.n).toBe(1);
    } finally {
      await database.destroy();
    }
  });
});
