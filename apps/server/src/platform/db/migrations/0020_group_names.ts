import { sql, type Kysely } from 'kysely';
import type { Migration } from '../columns.ts';

/**
 * Groups administration (issue 16): a group's name is unique within its company, ignoring case.
 * Groups made before carry no such rule: a name already held (same company, same name ignoring
 * case and surrounding spaces) by an older group is kept readable and made unique with its id,
 * ` (12)`, cut so that it still fits its 255 characters. Then the unique index on the lower-cased
 * name (named `_unique_idx` like the other unique indexes, so both databases list it alike).
 */
export const groupNames: Migration = {
  name: '0020_group_names',
  async up(db: Kysely<unknown>) {
    await sql`update user_groups set name = trim(name)`.execute(db);
    await sql`
      update user_groups
      set name = substr(name, 1, 240) || ' (' || cast(id as varchar(12)) || ')'
      where exists (
        select 1 from user_groups older
        where older.company_id = user_groups.company_id
          and lower(older.name) = lower(user_groups.name)
          and older.id < user_groups.id
      )`.execute(db);
    await sql`create unique index user_groups_company_name_unique_idx on user_groups (company_id, lower(name))`.execute(
      db,
    );
  },
};
