// Loads the bulk tables straight through the driver: one transaction of prepared statements on
// SQLite, `insert … select from unnest(…)` chunks on PostgreSQL, secondary indexes and triggers
// dropped during the load and rebuilt after it.
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { scopedColumns } from '../src/platform/db/applicant-search.ts';
import { BULK_TABLES, type Row, type Table } from './bulk-tables.ts';

/** Loads the bulk tables into SQLite: no journal, no foreign keys, indexes and triggers after. */
export function loadSqlite(file: string, tables: Table[]) {
  const db = new SQLite(file);
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('foreign_keys = OFF');
    db.pragma('cache_size = -500000');
    const names = BULK_TABLES.map((t) => `'${t}'`).join(',');
    const deferred = db
      .prepare(
        `select type, name, sql from sqlite_master where type in ('index', 'trigger') and sql is not null and tbl_name in (${names})`,
      )
      .all() as { type: string; name: string; sql: string }[];
    db.transaction(() => {
      for (const d of deferred) db.exec(`drop ${d.type} ${d.name}`);
      for (const t of tables) {
        if (t.name === 'applicant_search') {
          const insert = db.prepare(
            `insert into applicant_search (rowid, name, email, tags, cv_text) values (?, ?, ?, ?, ?)`,
          );
          // Each word behind its company's prefix (migration 0011, applicant-search.ts).
          for (const [id, company, name, email, tags, cvText] of t.rows) {
            const doc = {
              name: String(name),
              email: String(email),
              tags: String(tags),
              cvText: String(cvText),
            };
            insert.run(id, ...scopedColumns(Number(company), doc));
          }
          continue;
        }
        const insert = db.prepare(
          `insert into ${t.name} (${t.columns.join(', ')}) values (${t.columns.map(() => '?').join(', ')})`,
        );
        for (const row of t.rows) insert.run(row);
      }
      // Indexes first, then triggers (they may name the indexes' columns only).
      for (const d of deferred.filter((x) => x.type === 'index')) db.exec(d.sql);
      for (const d of deferred.filter((x) => x.type === 'trigger')) db.exec(d.sql);
    })();
    db.exec('analyze');
    db.pragma('journal_mode = WAL');
  } finally {
    db.close();
  }
}

/** Loads the bulk tables into PostgreSQL: triggers and foreign keys off, indexes after. */
export async function loadPostgres(url: string, schema: string | undefined, tables: Table[]) {
  const client = new pg.Client({
    connectionString: url,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  await client.connect();
  try {
    await client.query(`set maintenance_work_mem = '512MB'`);
    await client.query('begin');
    // Replica role: no user triggers, no foreign-key checks, for this load only.
    await client.query(`set local session_replication_role = replica`);
    const { rows: deferred } = await client.query<{ name: string; def: string }>(
      `select c.relname as name, pg_get_indexdef(i.indexrelid) as def
         from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
        where t.relnamespace = current_schema()::regnamespace and t.relname = any($1)
          and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
      [BULK_TABLES],
    );
    for (const d of deferred) await client.query(`drop index ${d.name}`);
    const ARRAY_TYPES: Record<string, string> = {
      integer: 'int',
      boolean: 'bool',
      date: 'date',
      'timestamp with time zone': 'timestamptz',
    };
    for (const t of tables) {
      let statement: string;
      let types: string[];
      if (t.name === 'applicant_search') {
        types = ['int', 'int', 'text', 'text', 'text', 'text'];
        statement = `insert into applicant_search (applicant_id, company_id, document)
          select c0, c1, setweight(to_tsvector('simple', c2 || ' ' || c3 || ' ' || c4), 'A') || to_tsvector('simple', c5)`;
      } else {
        const { rows: info } = await client.query<{ column_name: string; data_type: string }>(
          `select column_name, data_type from information_schema.columns
            where table_schema = current_schema() and table_name = $1`,
          [t.name],
        );
        const typeOf = new Map(info.map((c) => [c.column_name, c.data_type]));
        types = t.columns.map((c) => ARRAY_TYPES[typeOf.get(c) ?? ''] ?? 'text');
        statement = `insert into ${t.name} (${t.columns.join(', ')}) select ${t.columns.map((_, i) => `c${i}`).join(', ')}`;
      }
      const from = `from unnest(${types.map((type, i) => `$${i + 1}::${type}[]`).join(', ')}) as u(${t.columns.map((_, i) => `c${i}`).join(', ')})`;
      let chunk: Row[] = [];
      const flush = async () => {
        if (!chunk.length) return;
        const arrays = t.columns.map((_, i) =>
          chunk.map((r) => (types[i] === 'bool' && r[i] !== null ? r[i] === 1 : r[i])),
        );
        await client.query(`${statement} ${from}`, arrays);
        chunk = [];
      };
      for (const row of t.rows) {
        chunk.push(row);
        if (chunk.length === 20_000) await flush();
      }
      await flush();
    }
    for (const d of deferred) await client.query(d.def);
    for (const t of ['offers', 'applicants', 'applications']) {
      await client.query(
        `select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`,
      );
    }
    await client.query('commit');
    await client.query('analyze');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}
