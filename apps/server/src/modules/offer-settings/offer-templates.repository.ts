import { nameTakenAmong } from '../../platform/db/unique-name.ts';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { TOfferTemplateFormValues } from '@embauche/contracts/offer-settings';
import { likePattern } from '../../platform/db/like-pattern.ts';
import type { DB } from '../../platform/db/schema.ts';

const COLUMNS = [
  'id',
  'name',
  'job_position',
  'contract_type',
  'location',
  'department',
  'remote',
  'salary_min',
  'salary_max',
  'description',
  'created_at',
  'updated_at',
] as const;

export type OfferTemplateRow = {
  id: number;
  name: string;
  job_position: string | null;
  contract_type: string | null;
  location: string | null;
  department: string | null;
  remote: string;
  salary_min: number | null;
  salary_max: number | null;
  description: string | null;
  created_at: unknown;
  updated_at: unknown;
};

/** The only SQL of offer templates; every query takes the company id. */
export class OfferTemplatesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private templates(companyId: number, search: string | undefined) {
    let query = this.db.selectFrom('offer_templates').where('company_id', '=', companyId);
    if (search)
      query = query.where(
        (eb) => sql<SqlBool>`lower(${eb.ref('name')}) like ${likePattern(search)} escape '\\'`,
      );
    return query;
  }

  /** One page by name (ties on id) and the count of every match. */
  async page(companyId: number, search: string | undefined, limit: number, offset: number) {
    const [rows, count] = await Promise.all([
      this.templates(companyId, search)
        .select(COLUMNS)
        .orderBy(sql`lower(${sql.ref('name')})`)
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.templates(companyId, search)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirst(),
    ]);
    return { rows: rows as OfferTemplateRow[], total: Number(count?.total ?? 0) };
  }

  async find(companyId: number, id: number): Promise<OfferTemplateRow | undefined> {
    return (await this.templates(companyId, undefined)
      .select(COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst()) as OfferTemplateRow | undefined;
  }

  /**
   * Whether another template of the company holds this name, ignoring case; compared here, not
   * with SQL `lower()` (ASCII only on SQLite), the unique index staying the guard against a race.
   */
  async nameTaken(companyId: number, name: string, exceptId?: number): Promise<boolean> {
    const rows = await this.db
      .selectFrom('offer_templates')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .execute();
    return nameTakenAmong(rows, name, exceptId);
  }

  async insert(
    companyId: number,
    userId: number,
    values: TOfferTemplateFormValues,
    now: string,
  ): Promise<number> {
    const row = await this.db
      .insertInto('offer_templates')
      .values({
        ...values,
        company_id: companyId,
        created_by: userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(
    companyId: number,
    id: number,
    values: TOfferTemplateFormValues,
    now: string,
  ): Promise<void> {
    await this.db
      .updateTable('offer_templates')
      .set({ ...values, updated_at: now })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }

  async delete(companyId: number, id: number): Promise<void> {
    await this.db
      .deleteFrom('offer_templates')
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }
}
