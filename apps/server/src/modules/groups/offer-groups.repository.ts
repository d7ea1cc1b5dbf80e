import { sql, type Kysely, type SqlBool } from 'kysely';
import { OFFER_GROUPS_PICKER_LIMIT, type TOfferGroup } from '@embauche/contracts/groups';
import { likePattern } from '../../platform/db/like-pattern.ts';
import type { DB } from '../../platform/db/schema.ts';

/** Offers granted to groups (`offer_groups`, migration 0030); every query takes the company id. */
export class OfferGroupsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private groups(companyId: number) {
    return this.db
      .selectFrom('user_groups as g')
      .where('g.company_id', '=', companyId)
      .select((eb) => [
        'g.id',
        'g.name',
        eb
          .selectFrom('user_group_members as m')
          .innerJoin('users as u', 'u.id', 'm.user_id')
          .whereRef('m.group_id', '=', 'g.id')
          .where('u.company_id', '=', companyId)
          .select((c) => c.fn.countAll<number>().as('n'))
          .as('member_count'),
      ])
      .orderBy(sql`lower(${sql.ref('g.name')})`)
      .orderBy('g.id');
  }

  /** The groups granted the offer, by name. */
  async granted(companyId: number, offerId: number): Promise<TOfferGroup[]> {
    const rows = await this.groups(companyId)
      .where((eb) =>
        eb(
          'g.id',
          'in',
          eb
            .selectFrom('offer_groups as og')
            .select('og.group_id')
            .where('og.company_id', '=', companyId)
            .where('og.offer_id', '=', offerId),
        ),
      )
      .execute();
    return rows.map(toOfferGroup);
  }

  /** The company's groups not granted the offer, optionally by part of the name. */
  async notGranted(companyId: number, offerId: number, search?: string): Promise<TOfferGroup[]> {
    let query = this.groups(companyId).where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('offer_groups as og')
            .select('og.group_id')
            .whereRef('og.group_id', '=', 'g.id')
            .where('og.offer_id', '=', offerId),
        ),
      ),
    );
    if (search)
      query = query.where(
        (eb) => sql<SqlBool>`lower(${eb.ref('g.name')}) like ${likePattern(search)} escape '\\'`,
      );
    const rows = await query.limit(OFFER_GROUPS_PICKER_LIMIT).execute();
    return rows.map(toOfferGroup);
  }

  /** True when the grant is new. */
  async grant(companyId: number, offerId: number, groupId: number): Promise<boolean> {
    const result = await this.db
      .insertInto('offer_groups')
      .values({ company_id: companyId, offer_id: offerId, group_id: groupId })
      .onConflict((oc) => oc.columns(['offer_id', 'group_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** True when a grant was taken back. */
  async revoke(companyId: number, offerId: number, groupId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('offer_groups')
      .where('company_id', '=', companyId)
      .where('offer_id', '=', offerId)
      .where('group_id', '=', groupId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

function toOfferGroup(row: { id: number; name: string; member_count: unknown }): TOfferGroup {
  return { id: row.id, name: row.name, member_count: Number(row.member_count ?? 0) };
}
