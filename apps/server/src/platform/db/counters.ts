import { sql, type Kysely } from 'kysely';
import { fillCompanyTreatCounters } from './company-treat-counters.ts';
import type { Dialect } from './database.ts';

/**
 * Counter tables (migration 0008) that the lists read instead of counting rows on every page:
 * `offer_counters` (per offer: applications, those still `new`, the oldest `new` one) and
 * `company_counters` (applicants per company). Database triggers keep them, so every write that
 * inserts, deletes or moves an application or an applicant — the repositories' own, a cascade from
 * a deleted offer or company, a bulk import — changes them in its own transaction.
 */
export async function createCounterTriggers(db: Kysely<unknown>, dialect: Dialect) {
  if (dialect === 'postgres') {
    await sql`create or replace function applications_counters() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old.offer_id is not distinct from new.offer_id
     and old.status_id = new.status_id and old.created_at = new.created_at then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') and old.offer_id is not null then
    update offer_counters set total = total - 1, to_treat = to_treat - (old.status_id = 1)::int
     where offer_id = old.offer_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.offer_id is not null then
    insert into offer_counters (offer_id, company_id, total, to_treat, oldest_new_at)
    values (new.offer_id, new.company_id, 1, (new.status_id = 1)::int,
            case when new.status_id = 1 then new.created_at end)
    on conflict (offer_id) do update set
      total = offer_counters.total + 1,
      to_treat = offer_counters.to_treat + excluded.to_treat,
      oldest_new_at = least(offer_counters.oldest_new_at, excluded.oldest_new_at);
  end if;
  -- The row is locked by the update above: this statement's fresh snapshot sees every committed change.
  if tg_op in ('UPDATE', 'DELETE') and old.offer_id is not null and old.status_id = 1 then
    update offer_counters set oldest_new_at =
      (select min(a.created_at) from applications a where a.offer_id = old.offer_id and a.status_id = 1)
     where offer_id = old.offer_id;
  end if;
  return null;
end $$`.execute(db);
    await sql`create trigger applications_counters after insert or delete or update of offer_id, status_id, created_at
      on applications for each row execute function applications_counters()`.execute(db);
    await sql`create or replace function applicants_counters() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old.company_id = new.company_id then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    update company_counters set applicants = applicants - 1 where company_id = old.company_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into company_counters (company_id, applicants) values (new.company_id, 1)
    on conflict (company_id) do update set applicants = company_counters.applicants + 1;
  end if;
  return null;
end $$`.execute(db);
    await sql`create trigger applicants_counters after insert or delete or update of company_id
      on applicants for each row execute function applicants_counters()`.execute(db);
    return;
  }
  const addNew = sql`insert into offer_counters (offer_id, company_id, total, to_treat, oldest_new_at)
      select new.offer_id, new.company_id, 1, new.status_id = 1, case when new.status_id = 1 then new.created_at end
      where new.offer_id is not null
      on conflict (offer_id) do update set
        total = total + 1,
        to_treat = to_treat + excluded.to_treat,
        oldest_new_at = case when excluded.oldest_new_at is not null and (oldest_new_at is null or excluded.oldest_new_at < oldest_new_at)
          then excluded.oldest_new_at else oldest_new_at end;`;
  const removeOld = sql`update offer_counters set total = total - 1, to_treat = to_treat - (old.status_id = 1)
      where offer_id = old.offer_id;
    update offer_counters set oldest_new_at =
      (select min(a.created_at) from applications a where a.offer_id = old.offer_id and a.status_id = 1)
      where offer_id = old.offer_id and old.status_id = 1;`;
  await sql`create trigger applications_counters_insert after insert on applications begin ${addNew} end`.execute(
    db,
  );
  await sql`create trigger applications_counters_delete after delete on applications begin ${removeOld} end`.execute(
    db,
  );
  await sql`create trigger applications_counters_update after update of offer_id, status_id, created_at on applications
    when old.offer_id is not new.offer_id or old.status_id <> new.status_id or old.created_at <> new.created_at
    begin ${removeOld} ${addNew} end`.execute(db);
  await sql`create trigger applicants_counters_insert after insert on applicants begin
    insert into company_counters (company_id, applicants) values (new.company_id, 1)
    on conflict (company_id) do update set applicants = applicants + 1;
  end`.execute(db);
  await sql`create trigger applicants_counters_delete after delete on applicants begin
    update company_counters set applicants = applicants - 1 where company_id = old.company_id;
  end`.execute(db);
  await sql`create trigger applicants_counters_update after update of company_id on applicants
    when old.company_id <> new.company_id begin
    update company_counters set applicants = applicants - 1 where company_id = old.company_id;
    insert into company_counters (company_id, applicants) values (new.company_id, 1)
    on conflict (company_id) do update set applicants = applicants + 1;
  end`.execute(db);
}

/**
 * `offer_counters.archived` (migration 0011) follows its offer's: set when the counter row is
 * created (its offer's first application) and when the offer is archived or restored, so that the
 * dashboard counts and pages its alerts on one index without reading the offers.
 */
export async function createOfferArchivedTriggers(db: Kysely<unknown>, dialect: Dialect) {
  if (dialect === 'postgres') {
    // The offer row is locked (for share) while its flag is copied: an archiving that runs at the
    // same time waits for this insert, then its own trigger sees the new counter row.
    await sql`create or replace function offer_counters_archived_fill() returns trigger language plpgsql as $$
begin
  select o.archived into new.archived from offers o where o.id = new.offer_id for share;
  return new;
end $$`.execute(db);
    await sql`create trigger offer_counters_archived_fill before insert on offer_counters
      for each row execute function offer_counters_archived_fill()`.execute(db);
    await sql`create or replace function offers_counters_archived() returns trigger language plpgsql as $$
begin
  update offer_counters set archived = new.archived where offer_id = new.id;
  return null;
end $$`.execute(db);
    await sql`create trigger offers_counters_archived after update of archived on offers
      for each row when (old.archived is distinct from new.archived)
      execute function offers_counters_archived()`.execute(db);
    return;
  }
  await sql`create trigger offer_counters_archived_fill after insert on offer_counters begin
    update offer_counters set archived = (select o.archived from offers o where o.id = new.offer_id)
      where offer_id = new.offer_id;
  end`.execute(db);
  await sql`create trigger offers_counters_archived after update of archived on offers
    when old.archived is not new.archived begin
    update offer_counters set archived = new.archived where offer_id = new.id;
  end`.execute(db);
}

/**
 * `offer_counters.project_id` (migration 0035) follows its offer's, as `archived` does: the project
 * tree sums each project's applications to treat from the counters alone (one index), not through
 * a join of every offer with its counter row. Replaces the fill of createOfferArchivedTriggers by
 * one that copies both.
 */
export async function createOfferProjectTriggers(db: Kysely<unknown>, dialect: Dialect) {
  if (dialect === 'postgres') {
    await sql`create or replace function offer_counters_archived_fill() returns trigger language plpgsql as $$
begin
  select o.archived, o.project_id into new.archived, new.project_id
    from offers o where o.id = new.offer_id for share;
  return new;
end $$`.execute(db);
    await sql`create or replace function offers_counters_project() returns trigger language plpgsql as $$
begin
  update offer_counters set project_id = new.project_id where offer_id = new.id;
  return null;
end $$`.execute(db);
    await sql`create trigger offers_counters_project after update of project_id on offers
      for each row when (old.project_id is distinct from new.project_id)
      execute function offers_counters_project()`.execute(db);
    return;
  }
  await sql`drop trigger offer_counters_archived_fill`.execute(db);
  await sql`create trigger offer_counters_offer_fill after insert on offer_counters begin
    update offer_counters set (archived, project_id) =
      (select o.archived, o.project_id from offers o where o.id = new.offer_id)
      where offer_id = new.offer_id;
  end`.execute(db);
  await sql`create trigger offers_counters_project after update of project_id on offers
    when old.project_id is not new.project_id begin
    update offer_counters set project_id = new.project_id where offer_id = new.id;
  end`.execute(db);
}

/**
 * Recomputes every counter from the rows (the migration on existing data, bulk loads); with
 * `companyTreat`, the company-wide sums too (migration 0036: not there yet for migration 0008).
 */
export async function fillCounters(
  db: Kysely<unknown>,
  dialect: Dialect,
  { companyTreat = true }: { companyTreat?: boolean } = {},
) {
  await sql`delete from offer_counters`.execute(db);
  await sql`insert into offer_counters (offer_id, company_id, total, to_treat, oldest_new_at)
    select offer_id, min(company_id), count(*), sum(case when status_id = 1 then 1 else 0 end),
           min(case when status_id = 1 then created_at end)
    from applications where offer_id is not null group by offer_id`.execute(db);
  await sql`delete from company_counters`.execute(db);
  await sql`insert into company_counters (company_id, applicants)
    select company_id, count(*) from applicants group by company_id`.execute(db);
  if (companyTreat) await fillCompanyTreatCounters(db, dialect);
}
