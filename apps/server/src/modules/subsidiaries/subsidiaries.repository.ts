import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

export class SubsidiariesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  list(companyId: number) {
    return this.db
      .selectFrom('subsidiaries')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  async exists(companyId: number, id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('subsidiaries')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }
}
