// Generates the benchmark company in bulk: the small tables (company, admin, 500 projects) through
// the application's own Kysely, then offers, applicants (CV text and search rows), applications and
// job-board postings straight through the driver: one transaction of prepared statements on SQLite,
// `insert … select from unnest(…)` chunks on PostgreSQL, secondary indexes and triggers dropped
// during the load and rebuilt after it, the counters of migration 0008 filled once, then ANALYZE
// (VACUUM ANALYZE on PostgreSQL).
// Two sizes (README "Benchmarks"): `default` (35,000 applications) and `1m` (1,000,000).
import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { PERMISSIONS } from '@embauche/contracts/permissions';
import { hashPassword } from '../src/platform/auth/password.ts';
import { scopedColumns, searchDocument } from '../src/platform/db/applicant-search.ts';
import type { Database, Dialect } from '../src/platform/db/database.ts';
import { fillCounters } from '../src/platform/db/counters.ts';
import { fillLastApplications } from '../src/platform/db/last-application.ts';
import { fillSearchFacets } from '../src/platform/db/search-facets.ts';
import { fillSearchIdentity } from '../src/platform/db/search-identity.ts';
import type { DB } from '../src/platform/db/schema.ts';
import { fillSearchWords } from '../src/platform/db/search-words.ts';

export type BenchSize = {
  name: string;
  offers: number;
  folders: number;
  leavesPerFolder: number;
  applicants: number;
  /** Every application, the big offer's included. */
  applications: number;
  bigOfferApplications: number;
};

export const SIZES: Record<string, BenchSize> = {
  default: {
    name: 'default',
    offers: 10_000,
    folders: 50,
    leavesPerFolder: 9, // 50 folders + 450 leaves = 500 projects
    applicants: 100_000,
    applications: 35_000,
    bigOfferApplications: 5_000,
  },
  '1m': {
    name: '1m',
    offers: 20_000,
    folders: 50,
    leavesPerFolder: 9,
    applicants: 300_000,
    applications: 1_000_000,
    bigOfferApplications: 5_000,
  },
};

export const EMAIL = 'bench@bench.test';
export const PASSWORD = 'bench-password';
/** The reference of the offer that holds the big offer's applications. */
export const BIG_OFFER_REFERENCE = 'BEN-2';
/** A CV word that exactly CV_WORD_HITS applicants have, at every size. */
export const CV_WORD = 'soudure';
export const CV_WORD_HITS = 25_000;
const FIRST = [
  'Camille',
  'Lucas',
  'Manon',
  'Hugo',
  'Chloé',
  'Louis',
  'Inès',
  'Nathan',
  'Léa',
  'Karim',
  'Fatou',
  'Élodie',
  'Mehdi',
  'Zoé',
  'Arthur',
];
const LAST = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefebvre',
  'Garcia',
  'Haddad',
  'Nguyen',
  'Dupont',
];
const SKILLS = [
  'SAP',
  'Excel',
  'comptabilité',
  'React',
  'Node.js',
  'CACES',
  'logistique',
  'management',
  'anglais',
  'paie',
  'SQL',
  'vente',
  'relation client',
  'maintenance',
  'électricité',
];
const JOBS = [
  'Comptable',
  'Développeur',
  'Cariste',
  'Chargé de recrutement',
  'Technicien',
  'Commercial',
];
const CITIES = ['Lyon', 'Paris', 'Marseille', 'Lille', 'Nantes', 'Bordeaux'];
const STATUSES = ['draft', 'published', 'published', 'unpublished'];

const DAY = 86_400_000;

type Row = (string | number | null)[];
type Table = { name: string; columns: string[]; rows: Iterable<Row> };

/** The rows of the bulk tables, computed from their index alone (the same data on every run). */
function bulkTables(
  size: BenchSize,
  ids: { company: number; user: number; leaves: number[] },
  now: number,
): Table[] {
  const iso = (ms: number) => new Date(now - ms).toISOString();
  const company = ids.company;
  // Explicit ids: offer i is id i + 1, applicant i is id i + 1 (fresh tables).
  const offers: Table = {
    name: 'offers',
    columns: [
      'id',
      'company_id',
      'project_id',
      'job_position',
      'reference',
      'description',
      'contract_type',
      'location',
      'remote',
      'salary_min',
      'salary_max',
      'status',
      'archived',
      'archived_reason',
      'archived_at',
      'closing_date',
      'published_at',
      'created_by',
      'created_at',
      'updated_at',
    ],
    rows: (function* () {
      for (let i = 0; i < size.offers; i++) {
        const age = (i % 365) * DAY + i;
        const archived = i % 10 === 0;
        yield [
          i + 1,
          company,
          ids.leaves[i % ids.leaves.length]!,
          `${JOBS[i % JOBS.length]} ${i + 1} H/F`,
          `BEN-${i + 1}`,
          '<p>Description</p>',
          i % 3 === 0 ? 'cdd' : 'cdi',
          CITIES[i % CITIES.length]!,
          'none',
          30000,
          40000,
          STATUSES[i % STATUSES.length]!,
          archived ? 1 : 0,
          archived ? 'position_filled' : null,
          archived ? iso(age) : null,
          i % 50 === 0 ? new Date(now + (i % 7) * DAY).toISOString().slice(0, 10) : null,
          iso(age),
          ids.user,
          iso(age),
          iso((i % 30) * DAY + i),
        ];
      }
    })(),
  };

  const stride = Math.max(1, Math.floor(size.applicants / CV_WORD_HITS));
  const person = (i: number) => {
    const firstname = FIRST[(i * 7) % FIRST.length]!;
    const lastname = `${LAST[(i * 11) % LAST.length]!}${i % 97 === 0 ? '' : ` ${String.fromCharCode(65 + (i % 26))}`}`;
    const job = JOBS[i % JOBS.length]!;
    const cv = `${firstname} ${lastname}\n${job} à ${CITIES[i % CITIES.length]}\n${2010 + (i % 12)} – ${2015 + (i % 10)} ${job} chez Entreprise ${i % 500}\nCompétences : ${SKILLS[i % SKILLS.length]}, ${SKILLS[(i * 3 + 1) % SKILLS.length]}, ${SKILLS[(i * 5 + 2) % SKILLS.length]}${i % stride === 0 && i / stride < CV_WORD_HITS ? `\nCertification : ${CV_WORD} TIG` : ''}\nFormation : BTS ${job}`;
    return { firstname, lastname, email: `candidat${i}@bench.test`, cv };
  };
  // Applicants arrive over two years, the newest last.
  const applicantAge = (i: number) =>
    Math.floor(((size.applicants - i) * 730 * DAY) / size.applicants);
  const applicants: Table = {
    name: 'applicants',
    columns: [
      'id',
      'company_id',
      'firstname',
      'lastname',
      'email',
      'provenance_id',
      'jobboard_id',
      'cv_text',
      'cv_extracted_at',
      'created_at',
      'updated_at',
    ],
    rows: (function* () {
      for (let i = 0; i < size.applicants; i++) {
        const p = person(i);
        const at = iso(applicantAge(i));
        yield [i + 1, company, p.firstname, p.lastname, p.email, 1, 1, p.cv, at, at, at];
      }
    })(),
  };
  const search: Table = {
    name: 'applicant_search',
    columns: ['rowid', 'company_id', 'name', 'email', 'tags', 'cv_text'],
    rows: (function* () {
      for (let i = 0; i < size.applicants; i++) {
        const p = person(i);
        const doc = searchDocument({
          name: `${p.firstname} ${p.lastname}`,
          email: p.email,
          tags: [],
          cvText: p.cv,
        });
        yield [i + 1, company, doc.name, doc.email, doc.tags, doc.cvText];
      }
    })(),
  };
  // Spread applications: `perOffer` rounds over every offer, then the big offer's own.
  const spread = size.applications - size.bigOfferApplications;
  const perOffer = Math.ceil(spread / size.offers);
  const applications: Table = {
    name: 'applications',
    columns: [
      'id',
      'company_id',
      'offer_id',
      'applicant_id',
      'status_id',
      'motif_id',
      'jobboard_id',
      'created_at',
      'updated_at',
    ],
    rows: (function* () {
      let id = 1;
      for (let j = 0; j < spread; j++) {
        const i = j % size.offers;
        const k = Math.floor(j / size.offers);
        const status = (i + k) % 4 === 0 ? 1 : 2 + ((i * 7 + k) % 5);
        yield [
          id++,
          company,
          i + 1,
          ((i * perOffer + k) % size.applicants) + 1,
          status,
          null,
          1 + ((i + k) % 3),
          iso(((i + k * 5) % 40) * DAY + j),
          iso(0),
        ];
      }
      // One offer (the second) holds the big list across the whole pipeline.
      for (let k = 0; k < size.bigOfferApplications; k++) {
        const status = 1 + (k % 8);
        yield [
          id++,
          company,
          2,
          ((k * 17 + 40_000) % size.applicants) + 1,
          status,
          status === 7 ? 1 + (k % 5) : null,
          1 + (k % 3),
          iso((k % 60) * DAY + k),
          iso(0),
        ];
      }
    })(),
  };
  const postings: Table = {
    name: 'offer_postings',
    columns: ['company_id', 'offer_id', 'job_board_id', 'posted_at'],
    rows: (function* () {
      for (let i = 1; i < size.offers; i += 4) yield [company, i + 1, 1 + ((i + 1) % 3), iso(0)];
    })(),
  };
  return [offers, applicants, search, applications, postings];
}

const BULK_TABLES = ['offers', 'applicants', 'applications', 'offer_postings', 'applicant_search'];

/** Whether the database's schema has `table` (a kept database may predate its migration). */
async function hasTable(db: Kysely<DB>, dialect: Dialect, table: string): Promise<boolean> {
  const found =
    dialect === 'postgres'
      ? await sql<{ t: string | null }>`select to_regclass(${table})::text as t`.execute(db)
      : await sql<{ t: string }>`select name as t from sqlite_master where name = ${table}`.execute(
          db,
        );
  return found.rows[0]?.t != null;
}

/** Loads the bulk tables into SQLite: no journal, no foreign keys, indexes and triggers after. */
function loadSqlite(file: string, tables: Table[]) {
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
async function loadPostgres(url: string, schema: string | undefined, tables: Table[]) {
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

/**
 * Generates the benchmark company of `size` into a migrated, empty database. `url` (and `schema`
 * on PostgreSQL) name the same database for the bulk load's own connection.
 */
export async function generate(
  database: Database,
  size: BenchSize,
  url: string,
  schema?: string,
): Promise<void> {
  const { db } = database;
  const now = Date.now();
  const iso = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
  const company = await db
    .insertInto('companies')
    .values({
      social_reason: 'Entreprise Bench',
      slug: `bench-${randomBytes(3).toString('hex')}`,
      country: 'FR',
      organisation_type: 0,
      client_account: 1,
      support_url: null,
      sso_login_url: null,
      subsidiary_mode: false,
      partner_id: null,
      created_at: iso(0),
      updated_at: iso(0),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await db
    .insertInto('roles')
    .values({ company_id: company.id, name: 'Administrateur', parent_id: null, created_at: iso(0) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('role_permissions')
    .values(
      PERMISSIONS.filter((p) => p !== 'user.super_admin').map((permission) => ({
        role_id: role.id,
        permission,
      })),
    )
    .execute();
  const user = await db
    .insertInto('users')
    .values({
      company_id: company.id,
      role_id: role.id,
      subsidiary_id: null,
      firstname: 'Bench',
      lastname: 'Admin',
      email: EMAIL,
      password_hash: await hashPassword(PASSWORD),
      img_src: null,
      language: 'fr',
      super_admin: false,
      partner_admin: false,
      partner_id: null,
      active: true,
      totp_secret: null,
      totp_enabled: false,
      totp_last_used_step: null,
      last_login_at: null,
      created_at: iso(0),
      updated_at: iso(0),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const leaves: number[] = [];
  for (let f = 0; f < size.folders; f++) {
    const folder = await db
      .insertInto('projects')
      .values({
        company_id: company.id,
        parent_id: null,
        name: `Dossier ${f + 1}`,
        type: 0,
        subsidiary_id: null,
        created_by: user.id,
        created_at: iso(0),
        updated_at: iso(0),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = await db
      .insertInto('projects')
      .values(
        Array.from({ length: size.leavesPerFolder }, (_, l) => ({
          company_id: company.id,
          parent_id: folder.id,
          name: `Projet ${f + 1}.${l + 1}`,
          type: 1,
          subsidiary_id: null,
          created_by: user.id,
          created_at: iso(0),
          updated_at: iso(0),
        })),
      )
      .returning('id')
      .execute();
    leaves.push(...rows.map((r) => r.id));
  }
  const tables = bulkTables(size, { company: company.id, user: user.id, leaves }, now);
  if (database.dialect === 'sqlite') loadSqlite(url.replace(/^sqlite:/, ''), tables);
  else await loadPostgres(url, schema, tables);
  // Tables of later migrations are filled when the schema has them (the bench also runs older code).
  const has = (table: string) => hasTable(db, database.dialect, table);
  // Counters of migration 0008.
  if (await has('offer_counters'))
    await fillCounters(db as unknown as Kysely<unknown>, database.dialect);
  // PostgreSQL: the identity words' table (migration 0033), and the same words one per row
  // (migration 0037), filled from the search rows.
  const identity = await has('applicant_identity');
  const words = await has('applicant_words');
  if (database.dialect === 'postgres') {
    // Both copies at once with the triggers off (a trigger would copy each applicant's newest
    // application onto its search row one by one), when the schema has them (migration 0024).
    const facets = (
      await sql<{ n: number }>`select count(*) as n from information_schema.columns
        where table_schema = current_schema() and table_name = 'applicant_search' and column_name = 'src'`.execute(
        db,
      )
    ).rows[0]?.n;
    await db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await fillLastApplications(trx as unknown as Kysely<unknown>, database.dialect);
      if (Number(facets))
        await fillSearchFacets(trx as unknown as Kysely<unknown>, database.dialect);
      if (identity) await fillSearchIdentity(trx as unknown as Kysely<unknown>, database.dialect);
      if (words) await fillSearchWords(trx as unknown as Kysely<unknown>, database.dialect);
    });
  } else await fillLastApplications(db as unknown as Kysely<unknown>, database.dialect);
  // PostgreSQL: the steady state that autovacuum keeps (visibility map set, so that counts can
  // read an index alone), which a bulk load does not reach by itself.
  if (database.dialect === 'postgres')
    await sql
      .raw(
        `vacuum analyze ${[...BULK_TABLES, 'offer_counters', 'company_counters', ...(identity ? ['applicant_identity'] : []), ...(words ? ['applicant_words'] : [])].join(', ')}`,
      )
      .execute(db);
  else await sql`analyze`.execute(db);
}
