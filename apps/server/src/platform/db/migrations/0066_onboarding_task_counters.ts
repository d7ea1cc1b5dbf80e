import { sql, type Kysely } from 'kysely';
import type { Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * "My tasks" counts (issue 41, docs/onboarding.md "Speed"): per company and task owner, the open
 * and the done tasks of open onboardings, kept by database triggers as `offer_counters` are
 * (counters.ts), so every write — the repository's, a cancelled onboarding's tasks, a cascade
 * from a deleted onboarding or company — changes them in its own transaction. "My tasks" and the
 * dashboard's card read their total here instead of counting a user's tasks on every page (65,000
 * index entries for the bench's administrator: 13–27 ms on PostgreSQL).
 */
export const onboardingTaskCounters: Migration = {
  name: '0066_onboarding_task_counters',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await db.schema
      .createTable('onboarding_task_counters')
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('owner_id', 'integer', (c) => c.notNull())
      .addColumn('open_tasks', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('done_tasks', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('onboarding_task_counters_pk', ['company_id', 'owner_id'])
      .execute();
    await createOnboardingTaskCounterTriggers(db, dialect);
    await sql`insert into onboarding_task_counters (company_id, owner_id, open_tasks, done_tasks)
      select company_id, owner_id,
             sum(case when done then 0 else 1 end), sum(case when done then 1 else 0 end)
      from onboarding_tasks where owner_id is not null and onboarding_open
      group by company_id, owner_id`.execute(db);
  },
};

async function createOnboardingTaskCounterTriggers(db: Kysely<unknown>, dialect: Dialect) {
  if (dialect === 'postgres') {
    await sql`create or replace function onboarding_task_counters() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old.owner_id is not distinct from new.owner_id and old.done = new.done
     and old.onboarding_open = new.onboarding_open and old.company_id = new.company_id then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') and old.owner_id is not null and old.onboarding_open then
    update onboarding_task_counters
       set open_tasks = open_tasks - (not old.done)::int, done_tasks = done_tasks - old.done::int
     where company_id = old.company_id and owner_id = old.owner_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.owner_id is not null and new.onboarding_open then
    insert into onboarding_task_counters (company_id, owner_id, open_tasks, done_tasks)
    values (new.company_id, new.owner_id, (not new.done)::int, new.done::int)
    on conflict (company_id, owner_id) do update set
      open_tasks = onboarding_task_counters.open_tasks + excluded.open_tasks,
      done_tasks = onboarding_task_counters.done_tasks + excluded.done_tasks;
  end if;
  return null;
end $$`.execute(db);
    await sql`create trigger onboarding_task_counters
      after insert or delete or update of owner_id, done, onboarding_open, company_id
      on onboarding_tasks for each row execute function onboarding_task_counters()`.execute(db);
    return;
  }
  const add = sql`insert into onboarding_task_counters (company_id, owner_id, open_tasks, done_tasks)
      select new.company_id, new.owner_id, new.done = 0, new.done <> 0
      where new.owner_id is not null and new.onboarding_open <> 0
      on conflict (company_id, owner_id) do update set
        open_tasks = open_tasks + excluded.open_tasks,
        done_tasks = done_tasks + excluded.done_tasks;`;
  const remove = sql`update onboarding_task_counters
      set open_tasks = open_tasks - (old.done = 0), done_tasks = done_tasks - (old.done <> 0)
      where company_id = old.company_id and owner_id = old.owner_id and old.onboarding_open <> 0;`;
  await sql`create trigger onboarding_task_counters_insert after insert on onboarding_tasks
    begin ${add} end`.execute(db);
  await sql`create trigger onboarding_task_counters_delete after delete on onboarding_tasks
    begin ${remove} end`.execute(db);
  await sql`create trigger onboarding_task_counters_update
    after update of owner_id, done, onboarding_open, company_id on onboarding_tasks
    when old.owner_id is not new.owner_id or old.done <> new.done
      or old.onboarding_open <> new.onboarding_open or old.company_id <> new.company_id
    begin ${remove} ${add} end`.execute(db);
}
