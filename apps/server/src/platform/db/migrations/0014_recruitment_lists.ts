import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Recruitment lists (issue 15). A list belongs to its company and its creator; `applicant_amount`
 * counts its entries and is written in the same transaction as them. Sharing is one row per user.
 * An entry outlives its applicant's erasure (`applicant_id` set to null): the list shows it apart.
 */
export const recruitmentLists: Migration = {
  name: '0014_recruitment_lists',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await h
      .id(db.schema.createTable('recruitment_lists'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('creator_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      .addColumn('description', 'varchar(255)')
      .addColumn('private', h.boolean, h.trueDefault)
      .addColumn('collaborative', h.boolean, h.falseDefault)
      .addColumn('applicant_amount', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .addColumn('updated_at', h.timestamp, (c) => c.notNull())
      .execute();
    // The sheet, newest first, over every list the user sees (walked in order, filtered).
    await db.schema
      .createIndex('recruitment_lists_company_date_idx')
      .on('recruitment_lists')
      .columns(['company_id', 'created_at', 'id'])
      .execute();
    // The creator's own lists (sources own_private and own_shared) by date or amount. Names sort
    // case-folded over the few lists one user sees: no index serves that order.
    for (const [name, column] of [
      ['date', 'created_at'],
      ['amount', 'applicant_amount'],
    ] as const) {
      await db.schema
        .createIndex(`recruitment_lists_creator_${name}_idx`)
        .on('recruitment_lists')
        .columns(['company_id', 'creator_id', column, 'id'])
        .execute();
    }

    await db.schema
      .createTable('recruitment_list_users')
      .addColumn('list_id', 'integer', (c) =>
        c.notNull().references('recruitment_lists.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('recruitment_list_users_pk', ['list_id', 'user_id'])
      .execute();
    // "Shared with me": the lists of a user.
    await db.schema
      .createIndex('recruitment_list_users_user_idx')
      .on('recruitment_list_users')
      .columns(['user_id', 'list_id'])
      .execute();

    await h
      .id(db.schema.createTable('recruitment_list_applicants'))
      .addColumn('list_id', 'integer', (c) =>
        c.notNull().references('recruitment_lists.id').onDelete('cascade'),
      )
      .addColumn('applicant_id', 'integer', (c) =>
        c.references('applicants.id').onDelete('set null'),
      )
      .addColumn('added_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('added_at', h.timestamp, (c) => c.notNull())
      .addUniqueConstraint('recruitment_list_applicants_unique', ['list_id', 'applicant_id'])
      .execute();
    // The detail page: last added first.
    await db.schema
      .createIndex('recruitment_list_applicants_added_idx')
      .on('recruitment_list_applicants')
      .columns(['list_id', 'added_at', 'id'])
      .execute();
    await db.schema
      .createIndex('recruitment_list_applicants_applicant_idx')
      .on('recruitment_list_applicants')
      .columns(['applicant_id'])
      .execute();
  },
};
