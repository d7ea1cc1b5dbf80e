import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Custom fields asked on the career site (issue 37 part 3): an applicant or application field
 * marked `ask_candidates` shows on every offer's apply form, and the candidate's answer is stored
 * as its value (docs/career-site.md "Applying").
 */
export const customFieldsAskedOnSite: Migration = {
  name: '0046_custom_fields_asked_on_site',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await db.schema
      .alterTable('custom_fields')
      .addColumn('ask_candidates', h.boolean, h.falseDefault)
      .execute();
  },
};
