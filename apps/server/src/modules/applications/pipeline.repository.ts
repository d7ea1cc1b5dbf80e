import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/** The company's statuses (workflow order), motifs and assessment tests. */
export class PipelineRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The workflow: the company's chosen order, or the defaults then its own statuses. */
  async statuses(companyId: number) {
    const chosen = await this.db
      .selectFrom('company_statuses')
      .innerJoin('statuses', 'statuses.id', 'company_statuses.status_id')
      .select([
        'statuses.id',
        'statuses.name',
        'statuses.default_status',
        'company_statuses.position',
      ])
      .where('company_statuses.company_id', '=', companyId)
      .orderBy('company_statuses.position')
      .execute();
    if (chosen.length) return chosen;
    const rows = await this.db
      .selectFrom('statuses')
      .select(['id', 'name', 'default_status'])
      .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]))
      .orderBy('id')
      .execute();
    return rows.map((r, i) => ({ ...r, position: i + 1 }));
  }

  motifs(companyId: number) {
    return this.db
      .selectFrom('motifs')
      .select(['id', 'name', 'default_motif'])
      .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]))
      .orderBy('id')
      .execute();
  }

  tests(companyId: number) {
    return this.db
      .selectFrom('assessment_tests')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .orderBy('name')
      .execute();
  }
}
