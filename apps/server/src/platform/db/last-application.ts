import { sql, type Kysely } from 'kysely';
import type { Dialect } from './database.ts';

/**
 * Each applicant's newest application (`applicants.last_application_id`, `last_status_id`,
 * `last_applied_at`, migration 0016), kept by triggers on `applications` so that every write that
 * adds, removes, moves or re-dates an application — a cascade and a bulk import included — keeps
 * it in its own transaction. The sourcing search reads it for users who see every application
 * instead of looking up each match's applications (docs/sourcing.md).
 */
// `row` is `new`, `old` or `applicants`: its company and applicant (the index of migration 0015).
const newest = (company: string, applicant: string) => sql`(select a.id, a.status_id, a.created_at
  from applications a where a.company_id = ${sql.raw(company)} and a.applicant_id = ${sql.raw(applicant)}
  order by a.created_at desc, a.id desc limit 1)`;

const refresh = (row: 'new' | 'old') => sql`update applicants
  set (last_application_id, last_status_id, last_applied_at) = ${newest(`${row}.company_id`, `${row}.applicant_id`)}
  where id = ${sql.raw(`${row}.applicant_id`)};`;

export async function createLastApplicationTriggers(db: Kysely<unknown>, dialect: Dialect) {
  if (dialect === 'postgres') {
    await sql`create or replace function applications_last_application() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old.applicant_id = new.applicant_id
     and old.status_id = new.status_id and old.created_at = new.created_at then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    ${refresh('old')}
  end if;
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and old.applicant_id <> new.applicant_id) then
    ${refresh('new')}
  end if;
  return null;
end $$`.execute(db);
    await sql`create trigger applications_last_application after insert or delete or update of applicant_id, status_id, created_at
      on applications for each row execute function applications_last_application()`.execute(db);
    return;
  }
  await sql`create trigger applications_last_application_insert after insert on applications begin
    ${refresh('new')} end`.execute(db);
  await sql`create trigger applications_last_application_delete after delete on applications begin
    ${refresh('old')} end`.execute(db);
  await sql`create trigger applications_last_application_update after update of applicant_id, status_id, created_at on applications
    when old.applicant_id <> new.applicant_id or old.status_id <> new.status_id or old.created_at <> new.created_at
    begin ${refresh('old')} ${refresh('new')} end`.execute(db);
}

/** Sets every applicant's newest application at once (the migration, a bulk load). */
export async function fillLastApplications(db: Kysely<unknown>, dialect: Dialect) {
  if (dialect === 'postgres') {
    await sql`update applicants set last_application_id = l.id, last_status_id = l.status_id, last_applied_at = l.created_at
      from (select distinct on (applicant_id) applicant_id, id, status_id, created_at from applications
            order by applicant_id, created_at desc, id desc) l
      where l.applicant_id = applicants.id`.execute(db);
    return;
  }
  await sql`update applicants set (last_application_id, last_status_id, last_applied_at) = ${newest('applicants.company_id', 'applicants.id')}
    where exists (select 1 from applications where applications.applicant_id = applicants.id)`.execute(
    db,
  );
}
