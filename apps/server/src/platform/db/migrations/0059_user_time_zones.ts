import type { Kysely } from 'kysely';
import type { Migration } from '../columns.ts';

/**
 * A user's own time zone (issue 39, docs/planner.md "Time zones"): IANA (`America/New_York`), or
 * null for the company's (`companies.time_zone`). The planner shows its times in it; the user's
 * ICS feed and the e-mails to them as an interviewer are written in it.
 */
export const userTimeZones: Migration = {
  name: '0059_user_time_zones',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('time_zone', 'varchar(64)').execute();
  },
};
