import { sql, type Kysely } from 'kysely';
import type { Dialect } from './database.ts';

/**
 * PostgreSQL: each applicant's facet values (source, job board, has a CV, creation date, newest
 * application — migration 0016 — and tag ids) copied onto its `applicant_search` row, so that the
 * sourcing search of a user who sees every application counts its facets from the matching rows of
 * the index alone, without reading each match's applicant or tags (docs/sourcing.md).
 * Triggers keep the copy in the transaction of the change: a new index row copies its applicant,
 * a change of one of these columns on `applicants` (the newest application's triggers included) is
 * copied over, and so is a change of the applicant's tags.
 * SQLite: the same columns come from `applicants` through a covering index keyed by id, since
 * those added by ALTER TABLE sit after the CV text in the row, whose overflow pages a read of the
 * row would walk.
 */
const facets = (a: 'a' | 'new') =>
  sql.raw(`src = ${a}.provenance_id, jb = ${a}.jobboard_id,
  cv = case when ${a}.cv_key is not null then 1 else 0 end, created_at = ${a}.created_at,
  la = ${a}.last_application_id, ls = ${a}.last_status_id, lp = ${a}.last_applied_at`);

const tagIds = (applicant: string) =>
  sql.raw(`coalesce((select array_agg(t.tag_id order by t.tag_id) from applicant_tags t
    where t.applicant_id = ${applicant}), '{}')`);

export async function addSearchFacets(db: Kysely<unknown>, dialect: Dialect) {
  if (dialect !== 'postgres') {
    await sql`create index applicants_sourcing_sqlite_idx on applicants (id, company_id, provenance_id,
      jobboard_id, created_at, last_application_id, last_status_id, last_applied_at, cv_key)`.execute(
      db,
    );
    return;
  }
  await sql`alter table applicant_search add column src integer, add column jb integer,
    add column cv smallint not null default 0, add column created_at timestamptz,
    add column la integer, add column ls integer, add column lp timestamptz,
    add column tags integer[] not null default '{}'`.execute(db);
  await fillSearchFacets(db, dialect);
  await sql`create or replace function applicant_search_facets() returns trigger language plpgsql as $$
begin
  select a.provenance_id, a.jobboard_id, case when a.cv_key is not null then 1 else 0 end, a.created_at,
         a.last_application_id, a.last_status_id, a.last_applied_at
    into new.src, new.jb, new.cv, new.created_at, new.la, new.ls, new.lp
    from applicants a where a.id = new.applicant_id;
  new.tags := ${tagIds('new.applicant_id')};
  return new;
end $$`.execute(db);
  await sql`create trigger applicant_search_facets before insert or update of applicant_id
    on applicant_search for each row execute function applicant_search_facets()`.execute(db);
  await sql`create or replace function applicants_search_facets() returns trigger language plpgsql as $$
begin
  update applicant_search set ${facets('new')} where applicant_id = new.id;
  return null;
end $$`.execute(db);
  await sql`create trigger applicants_search_facets after update of provenance_id, jobboard_id, cv_key,
    created_at, last_application_id, last_status_id, last_applied_at on applicants for each row
    when (old.provenance_id is distinct from new.provenance_id or old.jobboard_id is distinct from new.jobboard_id
      or (old.cv_key is null) <> (new.cv_key is null) or old.created_at is distinct from new.created_at
      or old.last_application_id is distinct from new.last_application_id
      or old.last_status_id is distinct from new.last_status_id
      or old.last_applied_at is distinct from new.last_applied_at)
    execute function applicants_search_facets()`.execute(db);
  await sql`create or replace function applicant_tags_search_facets() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update applicant_search set tags = ${tagIds('old.applicant_id')} where applicant_id = old.applicant_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update applicant_search set tags = ${tagIds('new.applicant_id')} where applicant_id = new.applicant_id;
  end if;
  return null;
end $$`.execute(db);
  await sql`create trigger applicant_tags_search_facets after insert or delete or update
    on applicant_tags for each row execute function applicant_tags_search_facets()`.execute(db);
}

/** Copies every applicant's facet values at once (the migration, a bulk load with triggers off). */
export async function fillSearchFacets(db: Kysely<unknown>, dialect: Dialect) {
  if (dialect !== 'postgres') return;
  await sql`update applicant_search s set ${facets('a')}, tags = ${tagIds('s.applicant_id')}
    from applicants a where a.id = s.applicant_id`.execute(db);
}
