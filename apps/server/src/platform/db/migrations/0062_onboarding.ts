import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Onboarding of recruited people (issue 41, docs/onboarding.md): the company's processes and
 * their ordered steps, its onboarding statuses (four system ones plus its own), the onboardings
 * (one open per application: `open_application_id` is the application's id until cancelled, then
 * null, under a unique index), their tasks (a copy of the steps with an owner and a due day) and
 * the tasks' comments. Days (`start_date`, `due_date`) are `YYYY-MM-DD` text on both databases:
 * calendar days in the company's time zone, never instants.
 */
export const onboarding: Migration = {
  name: '0062_onboarding',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    const company = (c: ColumnDefinitionBuilder) =>
      c.notNull().references('companies.id').onDelete('cascade');
    await h
      .id(db.schema.createTable('onboarding_processes'))
      .addColumn('company_id', 'integer', company)
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('active', h.boolean, h.trueDefault)
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .addColumn('updated_at', h.timestamp, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('onboarding_processes_company_name')
      .on('onboarding_processes')
      .columns(['company_id', 'name'])
      .execute();

    await h
      .id(db.schema.createTable('onboarding_steps'))
      .addColumn('company_id', 'integer', company)
      .addColumn('process_id', 'integer', (c) =>
        c.notNull().references('onboarding_processes.id').onDelete('cascade'),
      )
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('responsible_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('responsible_id', 'integer')
      .addColumn('due_days', 'integer', (c) => c.notNull())
      .addColumn('document_name', 'varchar(200)')
      .addColumn('mail_model_id', 'integer')
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('onboarding_steps_process')
      .on('onboarding_steps')
      .columns(['process_id', 'position'])
      .execute();

    await h
      .id(db.schema.createTable('onboarding_statuses'))
      .addColumn('company_id', 'integer', company)
      .addColumn('system_key', 'varchar(16)')
      .addColumn('name', 'varchar(100)')
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .execute();
    // One row per system status and company (PostgreSQL and SQLite both let NULLs repeat).
    await db.schema
      .createIndex('onboarding_statuses_system_idx')
      .on('onboarding_statuses')
      .columns(['company_id', 'system_key'])
      .unique()
      .execute();

    await h
      .id(db.schema.createTable('onboardings'))
      .addColumn('company_id', 'integer', company)
      .addColumn('application_id', 'integer', (c) =>
        c.notNull().references('applications.id').onDelete('cascade'),
      )
      .addColumn('open_application_id', 'integer')
      .addColumn('applicant_id', 'integer', (c) => c.notNull())
      .addColumn('offer_id', 'integer')
      .addColumn('subsidiary_id', 'integer')
      .addColumn('process_id', 'integer', (c) =>
        c.references('onboarding_processes.id').onDelete('set null'),
      )
      .addColumn('status_id', 'integer', (c) => c.notNull().references('onboarding_statuses.id'))
      .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('manager_id', 'integer')
      .addColumn('address', 'varchar(500)')
      .addColumn('first_day_contact', 'varchar(500)')
      .addColumn('tasks_total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('tasks_done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('cancelled_at', h.timestamp)
      .addColumn('created_by', 'integer')
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .addColumn('updated_at', h.timestamp, (c) => c.notNull())
      .execute();
    const index = (name: string, table: string, columns: string[]) =>
      db.schema.createIndex(name).on(table).columns(columns).execute();
    await db.schema
      .createIndex('onboardings_open_application_idx')
      .on('onboardings')
      .column('open_application_id')
      .unique()
      .execute();
    await index('onboardings_application', 'onboardings', ['application_id']);
    // The list and its filters, each read in start-date order.
    await index('onboardings_start', 'onboardings', ['company_id', 'start_date', 'id']);
    await index('onboardings_status', 'onboardings', ['company_id', 'status_id', 'start_date']);
    await index('onboardings_manager', 'onboardings', ['company_id', 'manager_id', 'start_date']);
    await index('onboardings_subsidiary', 'onboardings', [
      'company_id',
      'subsidiary_id',
      'start_date',
    ]);

    await h
      .id(db.schema.createTable('onboarding_tasks'))
      .addColumn('company_id', 'integer', company)
      .addColumn('onboarding_id', 'integer', (c) =>
        c.notNull().references('onboardings.id').onDelete('cascade'),
      )
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('owner_id', 'integer')
      // False once the onboarding is cancelled: "my tasks" reads its owner's rows from one index.
      .addColumn('onboarding_open', h.boolean, h.trueDefault)
      .addColumn('due_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('done', h.boolean, h.falseDefault)
      .addColumn('done_at', h.timestamp)
      .addColumn('done_by', 'integer')
      .addColumn('document_name', 'varchar(200)')
      .addColumn('document_request_id', 'integer')
      .addColumn('document_type_id', 'integer')
      .addColumn('mail_model_id', 'integer')
      // E-mail steps: scheduled | sent | failed | cancelled (null for other kinds).
      .addColumn('mail_state', 'varchar(16)')
      .addColumn('mail_sent_at', h.timestamp)
      .addColumn('overdue_notified_at', h.timestamp)
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .addColumn('updated_at', h.timestamp, (c) => c.notNull())
      .execute();
    await index('onboarding_tasks_onboarding', 'onboarding_tasks', ['onboarding_id', 'position']);
    // "My tasks": a user's tasks of open onboardings, open first, by due day (count and page
    // read from the index alone).
    await index('onboarding_tasks_owner', 'onboarding_tasks', [
      'company_id',
      'owner_id',
      'onboarding_open',
      'done',
      'due_date',
      'id',
    ]);
    // The worker's sweeps: open tasks due by a day (e-mails to send, overdue notices).
    await index('onboarding_tasks_due', 'onboarding_tasks', ['done', 'due_date']);

    await h
      .id(db.schema.createTable('onboarding_task_comments'))
      .addColumn('company_id', 'integer', company)
      .addColumn('task_id', 'integer', (c) =>
        c.notNull().references('onboarding_tasks.id').onDelete('cascade'),
      )
      .addColumn('author_id', 'integer')
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .execute();
    await index('onboarding_task_comments_task', 'onboarding_task_comments', ['task_id', 'id']);
  },
};
