import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/database.ts';
import { inIds } from '../../platform/db/id-list.ts';
import type { DB } from '../../platform/db/schema.ts';

/** The assessment tests sent for applications: counts per card, one application's list; by company. */
export class ApplicationTestsRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  async testCounts(companyId: number, ids: number[]) {
    if (!ids.length) return new Map<number, number>();
    const rows = await this.db
      .selectFrom('application_tests')
      .select((eb) => ['application_id', eb.fn.countAll<number>().as('n')])
      .where('company_id', '=', companyId)
      .where(inIds(this.dialect, sql.ref('application_id'), ids))
      .groupBy('application_id')
      .execute();
    return new Map(rows.map((r) => [r.application_id, Number(r.n)]));
  }

  tests(companyId: number, applicationId: number) {
    return this.db
      .selectFrom('application_tests')
      .innerJoin('assessment_tests', 'assessment_tests.id', 'application_tests.test_id')
      .select([
        'assessment_tests.id',
        'assessment_tests.name',
        'application_tests.status',
        'application_tests.score',
        'application_tests.sent_at',
        'application_tests.completed_at',
      ])
      .where('application_tests.company_id', '=', companyId)
      .where('application_tests.application_id', '=', applicationId)
      .orderBy('application_tests.sent_at')
      .execute();
  }
}
