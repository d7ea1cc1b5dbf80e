import { sql, type Kysely } from 'kysely';
import type { Dialect } from './database.ts';
import type { DB } from './schema.ts';

/**
 * Company-wide sums of the offer counters (migration 0036), kept by triggers on `offer_counters`
 * in the same transaction as the change: `to_treat`, the company's applications still `new` on an
 * offer (the treatment list's total), and `open_offers_to_treat`, its offers not archived with at
 * least one (the dashboard counts its alerts as these minus the few whose oldest one is younger
 * than the alert delay). A company with 20,000 offers reads one row instead of 20,000 index
 * entries.
 *
 * On PostgreSQL every writer takes the company's row before an offer's rows, so that two writers
 * cannot each hold a row the other waits for: a trigger locks it before each write of an
 * application to treat (the applicants' counter takes it first too), and archiving or restoring
 * offers locks it before the offers (`lockCompanyCounters`): an application locks its offer's row
 * (the counter's fill, counters.ts) after its applicant locked the company's.
 */
export async function createCompanyTreatTriggers(db: Kysely<unknown>, dialect: Dialect) {
  if (dialect === 'postgres') {
    await sql`create or replace function offer_counters_company() returns trigger language plpgsql as $$
declare
  treat integer := 0;
  open integer := 0;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    treat := treat - old.to_treat;
    open := open - (not old.archived and old.oldest_new_at is not null)::int;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    treat := treat + new.to_treat;
    open := open + (not new.archived and new.oldest_new_at is not null)::int;
  end if;
  if treat = 0 and open = 0 then
    return null;
  end if;
  if tg_op = 'INSERT' then
    insert into company_counters (company_id, applicants, to_treat, open_offers_to_treat)
    values (new.company_id, 0, treat, open)
    on conflict (company_id) do update set
      to_treat = company_counters.to_treat + excluded.to_treat,
      open_offers_to_treat = company_counters.open_offers_to_treat + excluded.open_offers_to_treat;
  else
    update company_counters set to_treat = to_treat + treat,
      open_offers_to_treat = open_offers_to_treat + open
     where company_id = old.company_id;
  end if;
  return null;
end $$`.execute(db);
    await sql`create trigger offer_counters_company after insert or delete or update of to_treat, archived, oldest_new_at
      on offer_counters for each row execute function offer_counters_company()`.execute(db);
    // The company's row first, before a write of an application to treat locks its offer's counter.
    await sql`create or replace function applications_company_lock() returns trigger language plpgsql as $$
declare
  company integer;
begin
  if tg_op <> 'DELETE' then
    if new.status_id = 1 and new.offer_id is not null then
      company := new.company_id;
    end if;
  end if;
  if tg_op <> 'INSERT' then
    if old.status_id = 1 and old.offer_id is not null then
      company := old.company_id;
    end if;
  end if;
  if company is not null then
    perform 1 from company_counters where company_id = company for update;
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end $$`.execute(db);
    await sql`create trigger applications_company_lock before insert or delete or update of offer_id, status_id, created_at
      on applications for each row execute function applications_company_lock()`.execute(db);
    return;
  }
  const open = (row: 'new' | 'old') =>
    sql.raw(`(${row}.archived = 0 and ${row}.oldest_new_at is not null)`);
  await sql`create trigger offer_counters_company_insert after insert on offer_counters
    when new.to_treat <> 0 or ${open('new')} begin
    insert into company_counters (company_id, applicants, to_treat, open_offers_to_treat)
    values (new.company_id, 0, new.to_treat, ${open('new')})
    on conflict (company_id) do update set
      to_treat = to_treat + excluded.to_treat,
      open_offers_to_treat = open_offers_to_treat + excluded.open_offers_to_treat;
  end`.execute(db);
  await sql`create trigger offer_counters_company_update after update of to_treat, archived, oldest_new_at on offer_counters
    when new.to_treat <> old.to_treat or ${open('new')} <> ${open('old')} begin
    update company_counters set to_treat = to_treat + new.to_treat - old.to_treat,
      open_offers_to_treat = open_offers_to_treat + ${open('new')} - ${open('old')}
     where company_id = old.company_id;
  end`.execute(db);
  await sql`create trigger offer_counters_company_delete after delete on offer_counters
    when old.to_treat <> 0 or ${open('old')} begin
    update company_counters set to_treat = to_treat - old.to_treat,
      open_offers_to_treat = open_offers_to_treat - ${open('old')}
     where company_id = old.company_id;
  end`.execute(db);
}

/** Recomputes the company-wide sums from the offer counters (the migration, bulk loads). */
export async function fillCompanyTreatCounters(db: Kysely<unknown>, dialect: Dialect) {
  const open = dialect === 'postgres' ? sql`not archived` : sql`archived = 0`;
  await sql`insert into company_counters (company_id, applicants)
    select distinct company_id, 0 from offer_counters where true
    on conflict (company_id) do nothing`.execute(db);
  await sql`update company_counters set
    to_treat = coalesce((select sum(c.to_treat) from offer_counters c
      where c.company_id = company_counters.company_id), 0),
    open_offers_to_treat = (select count(*) from offer_counters c
      where c.company_id = company_counters.company_id and ${open} and c.oldest_new_at is not null)`.execute(
    db,
  );
}

/**
 * PostgreSQL: locks the company's counters row until the end of the transaction, before a write
 * that locks offers and then changes the company's sums (archiving or restoring offers).
 */
export async function lockCompanyCounters(trx: Kysely<DB>, dialect: Dialect, companyId: number) {
  if (dialect !== 'postgres') return;
  await trx
    .selectFrom('company_counters')
    .select('company_id')
    .where('company_id', '=', companyId)
    .forUpdate()
    .execute();
}
