import type { Insertable, Kysely } from 'kysely';
import type { DB, OfferImagesTable } from '../../platform/db/schema.ts';

const COLUMNS = [
  'i.id',
  'i.filename',
  'i.mime',
  'i.size',
  'i.width',
  'i.height',
  'i.thumb_width',
  'i.thumb_height',
  'i.storage_key',
  'i.thumb_key',
  'i.created_at',
] as const;

/** The only SQL of the image bank; every query takes the company id. */
export class OfferImagesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private images(companyId: number) {
    return this.db
      .selectFrom('offer_images as i')
      .where('i.company_id', '=', companyId)
      .select(COLUMNS)
      .select((eb) =>
        eb
          .selectFrom('offers as o')
          .whereRef('o.image_id', '=', 'i.id')
          .where('o.company_id', '=', companyId)
          .select((c) => c.fn.countAll<number>().as('n'))
          .as('offer_count'),
      );
  }

  /** One page, newest first, and the count of the bank. */
  async page(companyId: number, limit: number, offset: number) {
    const [rows, count] = await Promise.all([
      this.images(companyId).orderBy('i.id', 'desc').limit(limit).offset(offset).execute(),
      this.db
        .selectFrom('offer_images')
        .where('company_id', '=', companyId)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.total ?? 0) };
  }

  async find(companyId: number, id: number) {
    return this.images(companyId).where('i.id', '=', id).executeTakeFirst();
  }

  async insert(values: Insertable<OfferImagesTable>): Promise<number> {
    const row = await this.db
      .insertInto('offer_images')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async delete(companyId: number, id: number): Promise<void> {
    await this.db
      .deleteFrom('offer_images')
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }
}
