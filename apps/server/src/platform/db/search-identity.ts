import { sql, type Kysely } from 'kysely';
import type { Dialect } from './database.ts';

/**
 * PostgreSQL: each applicant's identity words (name, e-mail and tags: the search document's
 * weight-A lexemes) in a narrow table of their own with a GIN index, kept by a trigger on
 * `applicant_search` in the transaction of the change. A list's name filter and the sourcing's
 * relevance read these rows — a few dozen bytes each, some sixty to a page — instead of the wide
 * search rows that hold the CV text's document (docs/sourcing.md): one offer's 5,000
 * applications searched by name went from a probe of each applicant's search row to a hash join
 * with the few pages of identity matches, a third of the time. Migration 0031 had kept these
 * words in a generated column of `applicant_search`, which widened every search row instead.
 */
export async function addSearchIdentityTable(db: Kysely<unknown>, dialect: Dialect) {
  if (dialect !== 'postgres') return;
  await sql`drop index if exists applicant_search_identity_idx`.execute(db);
  await sql`alter table applicant_search drop column if exists identity`.execute(db);
  await sql`create table applicant_identity (
    applicant_id integer primary key references applicants (id) on delete cascade,
    company_id integer not null references companies (id) on delete cascade,
    identity tsvector not null)`.execute(db);
  await fillSearchIdentity(db, dialect);
  await sql`create index applicant_identity_idx on applicant_identity using gin (identity)`.execute(
    db,
  );
  await sql`create or replace function applicant_search_identity() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    delete from applicant_identity where applicant_id = old.applicant_id
      and (tg_op = 'DELETE' or old.applicant_id <> new.applicant_id);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into applicant_identity (applicant_id, company_id, identity)
      values (new.applicant_id, new.company_id, ts_filter(new.document, '{a}'))
      on conflict (applicant_id) do update
        set company_id = excluded.company_id, identity = excluded.identity;
  end if;
  return null;
end $$`.execute(db);
  await sql`create trigger applicant_search_identity
    after insert or delete or update of applicant_id, company_id, document on applicant_search
    for each row execute function applicant_search_identity()`.execute(db);
}

/** Copies every search row's identity words at once (the migration, a bulk load with triggers off). */
export async function fillSearchIdentity(db: Kysely<unknown>, dialect: Dialect) {
  if (dialect !== 'postgres') return;
  await sql`insert into applicant_identity (applicant_id, company_id, identity)
    select applicant_id, company_id, ts_filter(document, '{a}') from applicant_search
    on conflict (applicant_id) do update
      set company_id = excluded.company_id, identity = excluded.identity`.execute(db);
}
