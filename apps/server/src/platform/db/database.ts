import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';
import { registerSqliteHandle } from './many-rows.ts';
import { pgTimestampToIso } from './pg-timestamp.ts';
import { SqliteBooleanPlugin } from './sqlite-boolean-plugin.ts';
import { registerSqliteFold } from './text-fold.ts';

export type Dialect = 'sqlite' | 'postgres';

export type Database = {
  db: Kysely<DB>;
  dialect: Dialect;
  /** The PostgreSQL schema the tables live in, when not the default search path. */
  schema?: string;
  destroy(): Promise<void>;
};

const TIMESTAMPTZ_OID = 1184;
const TIMESTAMP_OID = 1114;
const INT8_OID = 20;

/**
 * Opens the database that `url` names: `postgres://…`, `sqlite:/path/file.sqlite` or
 * `sqlite::memory:`; for SQLite, `image` (a serialized database) fills the new one (tests start from
 * a migrated image).
 */
export function createDatabase(
  url: string,
  options: { searchPath?: string; image?: Buffer } = {},
): Database {
  if (url.startsWith('postgres')) {
    const types = {
      getTypeParser(oid: number, format?: 'text' | 'binary') {
        if (oid === TIMESTAMPTZ_OID || oid === TIMESTAMP_OID) {
          const withZone = oid === TIMESTAMPTZ_OID;
          return (v: string) => pgTimestampToIso(v, withZone);
        }
        // Counts come back as int8; our numbers stay far below 2^53.
        if (oid === INT8_OID) return (v: string) => Number(v);
        return pg.types.getTypeParser(oid, format);
      },
    };
    // No parallel workers for a query: the lists are short index walks, and starting workers
    // costs more than it saves (tens of ms on a loaded two-core machine, issue 11).
    // A random page costs little more than a sequential one (SSD, or pages in memory): with
    // PostgreSQL's default of 4, built for spinning disks, an offer's 5,000 applications were
    // joined to their applicants by reading all 300,000 applicants rather than 5,000 by key
    // (150 → 47 ms at a million applications).
    // Joins are planned in the order the query writes them (each list starts from its driving
    // table; the planner still chooses the method and which side leads at each join): searching
    // every order of a list's seven joins took 3 ms of planning for 0.3 ms of execution (the
    // treatment list at a million applications, measured alternately in one process: 17 → 6 ms).
    const settings = [
      '-c max_parallel_workers_per_gather=0',
      '-c random_page_cost=1.1',
      '-c join_collapse_limit=1',
      '-c from_collapse_limit=1',
      ...(options.searchPath ? [`-c search_path=${options.searchPath}`] : []),
    ];
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      types: types as pg.CustomTypesConfig,
      options: settings.join(' '),
    });
    // A connection that the server ends (a restart, a failover, an administrator, a dropped
    // database) emits 'error' on its client, and the pool re-emits it for an idle one; either,
    // unhandled, would end the process. The pool listens to its idle connections only: one checked
    // out (a transaction between two statements) is ended with no listener at all (seen on a
    // restart under load, npm run soak). The statement in flight fails, the pool drops the
    // connection and opens a new one when next needed: say so once, and go on.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', (err: Error & { code?: string }) => {
        process.emitWarning(`a database connection ended: ${err.code ?? ''} ${err.message}`);
      });
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      ...(options.searchPath ? { schema: options.searchPath } : {}),
      destroy: () => db.destroy(),
    };
  }
  const file = url.replace(/^sqlite:/, '');
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = options.image ? new SQLite(options.image) : new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Reads at scale (a million applications): a 64 MB page cache and the file memory-mapped, so
  // that a page read is a memory access rather than a system call and a copy.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 1073741824');
  // Accent- and case-blind searches (the mentions search) fold in SQL as in JavaScript.
  registerSqliteFold(sqlite);
  reusePreparedStatements(sqlite);
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new SqliteBooleanPlugin()],
  });
  registerSqliteHandle(db, sqlite);
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** Statements kept per connection; past this many the oldest is dropped. */
const STATEMENT_CACHE_MAX = 500;

/**
 * Kysely prepares every query it runs; a list page runs the same few texts again and again. Each
 * text is prepared once and reused (SQLite compiles it once), unless it is still running (an
 * iterator): then a fresh one is prepared.
 */
function reusePreparedStatements(sqlite: SQLite.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    const cached = cache.get(source);
    if (cached && !cached.busy) return cached;
    const statement = prepare(source);
    if (!cached) {
      if (cache.size >= STATEMENT_CACHE_MAX) cache.delete(cache.keys().next().value!);
      cache.set(source, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
}
