import { sql, type Kysely, type SqlBool } from 'kysely';
import { likePattern } from './like-pattern.ts';
import type { DB } from './schema.ts';

/**
 * Active users of the company whose name (either order) or e-mail holds `search` (all when empty),
 * by last name, at most `limit`: the user pickers of the planner and of onboarding.
 */
export function searchActiveUsers(
  db: Kysely<DB>,
  companyId: number,
  search: string | undefined,
  limit: number,
) {
  let q = db
    .selectFrom('users')
    .select(['id', 'firstname', 'lastname'])
    .where('company_id', '=', companyId)
    .where('active', '=', true);
  if (search) {
    const like = likePattern(search);
    q = q.where((eb) =>
      eb.or([
        sql<SqlBool>`lower(${eb.ref('firstname')} || ' ' || ${eb.ref('lastname')}) like ${like} escape '\\'`,
        sql<SqlBool>`lower(${eb.ref('lastname')} || ' ' || ${eb.ref('firstname')}) like ${like} escape '\\'`,
        sql<SqlBool>`lower(${eb.ref('email')}) like ${like} escape '\\'`,
      ]),
    );
  }
  return q.orderBy('lastname').orderBy('firstname').orderBy('id').limit(limit).execute();
}
