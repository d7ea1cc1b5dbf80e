import type { Kysely } from 'kysely';
import type { Migration } from '../columns.ts';

/**
 * Acting as a role (issue 16 item 3, spec 6 "Partner administrator"): the session keeps the role
 * a partner administrator acts as, beside the company and user columns of migration 0001.
 */
export const actingRole: Migration = {
  name: '0021_acting_role',
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('sessions')
      .addColumn('acting_role_id', 'integer', (c) => c.references('roles.id').onDelete('set null'))
      .execute();
  },
};
