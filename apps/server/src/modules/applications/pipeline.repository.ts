import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/** The company's assessment tests (statuses and motifs: the workflows module). */
export class PipelineRepository {
  constructor(private readonly db: Kysely<DB>) {}

  tests(companyId: number) {
    return this.db
      .selectFrom('assessment_tests')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .orderBy('name')
      .execute();
  }
}
