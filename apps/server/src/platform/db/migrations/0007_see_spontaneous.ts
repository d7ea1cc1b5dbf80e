import { sql, type Kysely } from 'kysely';
import type { Migration } from '../columns.ts';

/**
 * `project_application.see_spontaneous` (issue 9): spontaneous applications and their applicants
 * used to be visible to everyone holding `project_application.see`. Roles that held it keep that
 * sight; an administrator can now take it away (a manager limited to one agency, say).
 */
export const seeSpontaneous: Migration = {
  name: '0007_see_spontaneous',
  async up(db: Kysely<unknown>) {
    await sql`insert into role_permissions (role_id, permission)
      select role_id, 'project_application.see_spontaneous' from role_permissions
      where permission = 'project_application.see'`.execute(db);
  },
};
