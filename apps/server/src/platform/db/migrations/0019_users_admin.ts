import { sql, type Kysely } from 'kysely';
import type { Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Users administration (issue 16): a membership level per user and group (`PUT /users/groups`),
 * and the indexes of the users list's sorts within a company (the e-mail sort uses the
 * `users_company_email_unique` constraint).
 */
export const usersAdmin: Migration = {
  name: '0019_users_admin',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await db.schema
      .alterTable('user_group_members')
      .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('users_company_name_idx')
      .on('users')
      .columns(['company_id', 'lastname', 'firstname', 'id'])
      .execute();
    await db.schema
      .createIndex('users_company_created_idx')
      .on('users')
      .columns(['company_id', 'created_at', 'id'])
      .execute();
    // "Never signed in" sorts as the oldest sign-in: nulls first going up, last going down, which
    // one index walks both ways (SQLite puts nulls first already; PostgreSQL is told).
    if (dialect === 'postgres')
      await sql`create index users_company_login_idx on users (company_id, last_login_at nulls first, id)`.execute(
        db,
      );
    else
      await db.schema
        .createIndex('users_company_login_idx')
        .on('users')
        .columns(['company_id', 'last_login_at', 'id'])
        .execute();
  },
};
