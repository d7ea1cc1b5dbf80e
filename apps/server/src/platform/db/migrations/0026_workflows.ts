import { sql, type Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Workflows and status settings (issue 17 items 2 and 3).
 *
 * - `workflows`: a company's named workflows; exactly one is its default (`is_default`, at most one
 *   per company by a partial unique index; the service keeps one).
 * - `workflow_statuses`: a workflow's statuses in order.
 * - `offers.workflow_id`, `projects.workflow_id`: the workflow chosen for an offer or a project
 *   (null: the project's, then the company's default).
 * - `company_status_settings`: a company's own name and colour for a status (a default one keeps
 *   its global row), and whether it is hidden.
 * - `motifs.status_id` (null: any status that needs a motif) and `motifs.hidden`; default motifs
 *   get the status they explain. `company_motif_settings`: a company's name for, or hiding of, a
 *   default motif.
 * Every company gets a default workflow holding its current order (`company_statuses` if it chose
 * one, else the default statuses then its own, in id order).
 */
export const workflows: Migration = {
  name: '0026_workflows',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    const pg = dialect === 'postgres';
    const ts = h.timestamp;

    await h
      .id(db.schema.createTable('workflows'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('is_default', h.boolean, h.falseDefault)
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await sql`create unique index workflows_company_name_unique_idx on workflows (company_id, lower(name))`.execute(
      db,
    );
    await sql`create unique index workflows_default_unique_idx on workflows (company_id) where is_default = ${sql.raw(pg ? 'true' : '1')}`.execute(
      db,
    );

    await db.schema
      .createTable('workflow_statuses')
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('workflow_id', 'integer', (c) =>
        c.notNull().references('workflows.id').onDelete('cascade'),
      )
      .addColumn('status_id', 'integer', (c) =>
        c.notNull().references('statuses.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('workflow_statuses_pk', ['workflow_id', 'status_id'])
      .execute();
    await db.schema
      .createIndex('workflow_statuses_company_idx')
      .on('workflow_statuses')
      .column('company_id')
      .execute();

    for (const table of ['offers', 'projects'] as const)
      await db.schema
        .alterTable(table)
        .addColumn('workflow_id', 'integer', (c) =>
          c.references('workflows.id').onDelete('set null'),
        )
        .execute();

    await db.schema
      .createTable('company_status_settings')
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('status_id', 'integer', (c) =>
        c.notNull().references('statuses.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(100)')
      .addColumn('color', 'varchar(7)')
      .addColumn('hidden', h.boolean, h.falseDefault)
      .addPrimaryKeyConstraint('company_status_settings_pk', ['company_id', 'status_id'])
      .execute();

    await db.schema
      .alterTable('motifs')
      .addColumn('status_id', 'integer', (c) => c.references('statuses.id').onDelete('cascade'))
      .execute();
    await db.schema.alterTable('motifs').addColumn('hidden', h.boolean, h.falseDefault).execute();
    // Default motifs: the refusal reasons (7), the applicant's withdrawal (8), `other` for both.
    await sql`update motifs set status_id = 7 where company_id is null and name in ('profile_mismatch', 'insufficient_experience', 'position_filled', 'salary_expectations', 'no_answer')`.execute(
      db,
    );
    await sql`update motifs set status_id = 8 where company_id is null and name = 'applicant_declined'`.execute(
      db,
    );
    await db.schema
      .createTable('company_motif_settings')
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('motif_id', 'integer', (c) =>
        c.notNull().references('motifs.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(100)')
      .addColumn('hidden', h.boolean, h.falseDefault)
      .addPrimaryKeyConstraint('company_motif_settings_pk', ['company_id', 'motif_id'])
      .execute();

    // Every existing company: a default workflow with its current order.
    const now = new Date().toISOString();
    const companies = await sql<{ id: number }>`select id from companies order by id`.execute(db);
    for (const { id } of companies.rows) {
      const chosen = await sql<{
        status_id: number;
      }>`select status_id from company_statuses where company_id = ${id} order by position`.execute(
        db,
      );
      const order = chosen.rows.length
        ? chosen.rows.map((r) => r.status_id)
        : (
            await sql<{
              id: number;
            }>`select id from statuses where company_id is null or company_id = ${id} order by id`.execute(
              db,
            )
          ).rows.map((r) => r.id);
      const inserted = await sql<{
        id: number;
      }>`insert into workflows (company_id, name, is_default, created_at, updated_at) values (${id}, ${'Workflow'}, ${sql.raw(pg ? 'true' : '1')}, ${now}, ${now}) returning id`.execute(
        db,
      );
      const workflowId = inserted.rows[0]!.id;
      let position = 1;
      for (const statusId of order)
        await sql`insert into workflow_statuses (company_id, workflow_id, status_id, position) values (${id}, ${workflowId}, ${statusId}, ${position++})`.execute(
          db,
        );
    }
  },
};
