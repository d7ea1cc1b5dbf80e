import type { Kysely, Updateable } from 'kysely';
import { lockCompanyCounters } from '../../platform/db/company-treat-counters.ts';
import { nowIso, type Dialect } from '../../platform/db/database.ts';
import type { DB, OffersTable } from '../../platform/db/schema.ts';
import { moveOfferGroups, offerGroups } from '../../platform/db/status-history.ts';

export type OfferValues = Omit<
  Updateable<OffersTable>,
  'id' | 'company_id' | 'created_at' | 'updated_at' | 'created_by'
>;

/** One offer and what hangs on it; every query is keyed by the company id. */
export class OffersRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  async exists(companyId: number, id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('offers')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * What the offer screen needs beyond a list item: the description, the project's documents
   * setting and the bank image the offer shows (with its thumbnail's size).
   */
  async detailExtras(companyId: number, id: number) {
    const row = await this.db
      .selectFrom('offers')
      .innerJoin('projects', 'projects.id', 'offers.project_id')
      .leftJoin('offer_images', (join) =>
        join
          .onRef('offer_images.id', '=', 'offers.image_id')
          .onRef('offer_images.company_id', '=', 'offers.company_id'),
      )
      .select([
        'offers.description',
        'projects.documents_enabled',
        'offers.image_id',
        'offer_images.thumb_width',
        'offer_images.thumb_height',
      ])
      .where('offers.company_id', '=', companyId)
      .where('offers.id', '=', id)
      .executeTakeFirst();
    const imageId = row?.image_id ?? null;
    return {
      description: row?.description ?? null,
      documents_enabled: Boolean(row?.documents_enabled ?? true),
      image_id: imageId,
      image:
        imageId !== null && row?.thumb_width != null && row.thumb_height != null
          ? {
              id: imageId,
              thumbnail_url: `/api/offer-images/${imageId}/thumbnail`,
              thumb_width: row.thumb_width,
              thumb_height: row.thumb_height,
            }
          : null,
    };
  }

  async insert(
    values: OfferValues & {
      company_id: number;
      project_id: number;
      job_position: string;
      created_by: number;
    },
  ): Promise<number> {
    const now = nowIso();
    const row = await this.db
      .insertInto('offers')
      .values({
        status: 'draft',
        remote: 'none',
        ...values,
        archived: false,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(companyId: number, ids: number[], values: OfferValues): Promise<void> {
    if (!ids.length) return;
    const write = (db: Kysely<DB>) =>
      db
        .updateTable('offers')
        .set({ ...values, updated_at: nowIso() })
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute();
    // Moved to another project, subsidiary or contract type: the statistics' sums per group of
    // offers move with them (status-history.ts), in the same transaction.
    const regroups =
      values.project_id !== undefined ||
      values.subsidiary_id !== undefined ||
      values.contract_type !== undefined;
    if (values.archived === undefined && !regroups) {
      await write(this.db);
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      // Archived or restored: the company's sums change (migration 0036), their row is locked first.
      if (values.archived !== undefined) await lockCompanyCounters(trx, this.dialect, companyId);
      const before = regroups ? await offerGroups(trx, ids) : null;
      await write(trx);
      if (before) await moveOfferGroups(trx, companyId, before);
    });
  }

  async favoriteIds(companyId: number, userId: number, offerIds: number[]): Promise<Set<number>> {
    if (!offerIds.length) return new Set();
    const rows = await this.db
      .selectFrom('offer_favorites')
      .select('offer_id')
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .where('offer_id', 'in', offerIds)
      .execute();
    return new Set(rows.map((r) => r.offer_id));
  }

  async setFavorite(
    companyId: number,
    userId: number,
    offerId: number,
    on: boolean,
  ): Promise<void> {
    if (on) {
      await this.db
        .insertInto('offer_favorites')
        .values({ company_id: companyId, user_id: userId, offer_id: offerId, created_at: nowIso() })
        .onConflict((oc) => oc.columns(['user_id', 'offer_id']).doNothing())
        .execute();
    } else {
      await this.db
        .deleteFrom('offer_favorites')
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .where('offer_id', '=', offerId)
        .execute();
    }
  }

  /** Applications per offer: all of them, those still `new`, and the oldest `new` one (offer_counters). */
  async applicationCounts(companyId: number, offerIds: number[]) {
    const counts = new Map<number, { total: number; toTreat: number; oldestNew: string | null }>();
    if (!offerIds.length) return counts;
    const rows = await this.db
      .selectFrom('offer_counters')
      .select(['offer_id', 'total', 'to_treat', 'oldest_new_at'])
      .where('company_id', '=', companyId)
      .where('offer_id', 'in', offerIds)
      .execute();
    for (const r of rows) {
      counts.set(r.offer_id, {
        total: Number(r.total),
        toTreat: Number(r.to_treat),
        oldestNew: r.oldest_new_at ? new Date(r.oldest_new_at).toISOString() : null,
      });
    }
    return counts;
  }

  async alertDelayDays(companyId: number): Promise<number> {
    const row = await this.db
      .selectFrom('companies')
      .select('alert_delay_days')
      .where('id', '=', companyId)
      .executeTakeFirst();
    return row?.alert_delay_days ?? 7;
  }

  /** The user opened the offer while it was in alert: the alert is no longer untreated. */
  async recordAlertView(companyId: number, userId: number, offerId: number): Promise<void> {
    const seen_at = nowIso();
    await this.db
      .insertInto('offer_alert_views')
      .values({ company_id: companyId, user_id: userId, offer_id: offerId, seen_at })
      .onConflict((oc) => oc.columns(['offer_id', 'user_id']).doUpdateSet({ seen_at }))
      .execute();
  }

  jobBoards() {
    return this.db
      .selectFrom('job_boards')
      .select(['id', 'name', 'slug', 'logo_url'])
      .where('active', '=', true)
      .orderBy('id')
      .execute();
  }

  postings(companyId: number, offerId: number) {
    return this.db
      .selectFrom('offer_postings')
      .select(['job_board_id', 'posted_at', 'removed_at'])
      .where('company_id', '=', companyId)
      .where('offer_id', '=', offerId)
      .execute();
  }

  /** Keeps the postings on `boardIds` (re-opening removed ones when `online`), drops the others. */
  async setPostings(companyId: number, offerId: number, boardIds: number[], online: boolean) {
    const now = nowIso();
    await this.db.transaction().execute(async (trx) => {
      let drop = trx
        .deleteFrom('offer_postings')
        .where('company_id', '=', companyId)
        .where('offer_id', '=', offerId);
      if (boardIds.length) drop = drop.where('job_board_id', 'not in', boardIds);
      await drop.execute();
      if (!boardIds.length) return;
      await trx
        .insertInto('offer_postings')
        .values(
          boardIds.map((job_board_id) => ({
            company_id: companyId,
            offer_id: offerId,
            job_board_id,
            posted_at: now,
            removed_at: online ? null : now,
          })),
        )
        .onConflict((oc) => oc.columns(['offer_id', 'job_board_id']).doNothing())
        .execute();
    });
  }

  /** Takes the offers' postings off-line (unpublished, archived) or back on-line (published). */
  async setPostingsOnline(companyId: number, offerIds: number[], online: boolean): Promise<void> {
    if (!offerIds.length) return;
    await this.db
      .updateTable('offer_postings')
      .set(online ? { removed_at: null, posted_at: nowIso() } : { removed_at: nowIso() })
      .where('company_id', '=', companyId)
      .where('offer_id', 'in', offerIds)
      .execute();
  }

  async offerUserIds(companyId: number, offerId: number): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('offer_users')
      .select('user_id')
      .where('company_id', '=', companyId)
      .where('offer_id', '=', offerId)
      .execute();
    return new Set(rows.map((r) => r.user_id));
  }

  /** Users who reach the offer through a group granted it (offer_groups, migration 0030). */
  async groupGrantedUserIds(companyId: number, offerId: number): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('offer_groups as og')
      .innerJoin('user_group_members as ugm', 'ugm.group_id', 'og.group_id')
      .select('ugm.user_id')
      .distinct()
      .where('og.company_id', '=', companyId)
      .where('og.offer_id', '=', offerId)
      .execute();
    return new Set(rows.map((r) => r.user_id));
  }

  async setOfferUsers(companyId: number, offerId: number, userIds: number[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('offer_users')
        .where('company_id', '=', companyId)
        .where('offer_id', '=', offerId)
        .execute();
      if (userIds.length) {
        await trx
          .insertInto('offer_users')
          .values(userIds.map((user_id) => ({ company_id: companyId, offer_id: offerId, user_id })))
          .execute();
      }
    });
  }
}
