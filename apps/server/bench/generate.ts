// Generates the benchmark company in bulk: the small tables (company, admin, 500 projects) through
// the application's own Kysely, then the bulk tables' rows (bulk-tables.ts) loaded straight through
// the driver (bulk-load.ts), the counters of migration 0008 and the search copies filled once,
// then ANALYZE (VACUUM ANALYZE on PostgreSQL).
// Two sizes (bench-sizes.ts, docs/benchmarks.md): `default` (35,000 applications) and `1m`
// (1,000,000).
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { PERMISSIONS } from '@embauche/contracts/permissions';
import { hashPassword } from '../src/platform/auth/password.ts';
import type { Database, Dialect } from '../src/platform/db/database.ts';
import { fillCounters } from '../src/platform/db/counters.ts';
import { fillLastApplications } from '../src/platform/db/last-application.ts';
import { fillSearchFacets } from '../src/platform/db/search-facets.ts';
import { fillSearchIdentity } from '../src/platform/db/search-identity.ts';
import type { DB } from '../src/platform/db/schema.ts';
import { fillSearchWords } from '../src/platform/db/search-words.ts';
import { rebuildStatisticsCounts } from '../src/platform/db/statistics-counts.ts';
import { EMAIL, PASSWORD, type BenchSize } from './bench-sizes.ts';
import { historyTable } from './bulk-history.ts';
import { loadPostgres, loadSqlite } from './bulk-load.ts';
import { BULK_TABLES, bulkTables, DAY } from './bulk-tables.ts';

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
  const tables = [
    ...bulkTables(size, { company: company.id, user: user.id, leaves }, now),
    // Each application's status path (migration 0055), then its daily sums (0056).
    historyTable(size, { company: company.id, user: user.id }, now),
  ];
  if (database.dialect === 'sqlite') loadSqlite(url.replace(/^sqlite:/, ''), tables);
  else await loadPostgres(url, schema, tables);
  // Tables of later migrations are filled when the schema has them (the bench also runs older code).
  const has = (table: string) => hasTable(db, database.dialect, table);
  // The statistics' daily sums of migration 0056 (and per offer and job board, 0061), from the
  // history just loaded.
  const perOffer = await has('statistics_offer_counts');
  await rebuildStatisticsCounts(
    db,
    database.dialect,
    company.id,
    perOffer ? ['company', 'offer', 'board', 'group'] : ['company'],
  );
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
        `vacuum analyze ${[...BULK_TABLES, 'offer_counters', 'company_counters', ...(identity ? ['applicant_identity'] : []), ...(words ? ['applicant_words'] : []), ...(perOffer ? ['statistics_counts', 'statistics_offer_counts', 'statistics_board_counts', 'statistics_group_counts'] : [])].join(', ')}`,
      )
      .execute(db);
  else await sql`analyze`.execute(db);
}
