import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { likePattern } from '../../platform/db/like-pattern.ts';
import { directAccess, reachableOffer } from '../../platform/db/offer-visibility.ts';
import type { DB } from '../../platform/db/schema.ts';
import { paginate } from '../../platform/http/list-query.ts';

/** Which offers a list starts from, before its filters (resolved by the service from the project id). */
export type OfferSource = {
  companyId: number;
  userId: number;
  /** Projects the user sees; null with project.see_all (every project of the company). */
  visibleProjects: number[] | null;
  /** A project's subtree (or the favourite projects' subtrees): only these projects. */
  onlyProjects?: number[];
  onlyFavorites?: boolean;
  onlyDirectAccess?: boolean;
  onlyDrafts?: boolean;
};

/** When an offer is in alert: a `new` application created before `cutoff`, or a closing day in [today, soon]. */
export type AlertWindow = { cutoff: string; today: string; soon: string };

export type OfferFilters = {
  statuses?: string[];
  /** undefined: not archived only; null: both. */
  archived?: boolean | null;
  alert?: boolean;
  window: AlertWindow;
  createdAt?: { from: string | null; to: string | null };
  updatedAt?: { from: string | null; to: string | null };
  closingDate?: { from: string | null; to: string | null };
  q?: string;
  jobBoardIds?: number[];
  projectIds?: number[];
  contractTypes?: string[];
  subsidiaryIds?: number[];
  departments?: string[];
};

export const LIST_COLUMNS = [
  'offers.id',
  'offers.project_id',
  'projects.name as project_name',
  'offers.job_position',
  'offers.reference',
  'offers.contract_type',
  'offers.location',
  'offers.department',
  'offers.remote',
  'offers.salary_min',
  'offers.salary_max',
  'offers.subsidiary_id',
  'subsidiaries.name as subsidiary_name',
  'offers.status',
  'offers.archived',
  'offers.archived_reason',
  'offers.archived_comment',
  'offers.archived_at',
  'offers.closing_date',
  'offers.published_at',
  'offers.created_by',
  'creator.firstname as creator_firstname',
  'creator.lastname as creator_lastname',
  'offers.created_at',
  'offers.updated_at',
] as const;

type OfferEb = ExpressionBuilder<DB, 'offers'>;

const never = sql<boolean>`1 = 0`;

/** The alert rule of DESIGN section 9 as SQL, for one company. */
export function alertCondition(eb: OfferEb, companyId: number, w: AlertWindow) {
  return eb.and([
    eb('offers.archived', '=', false),
    eb.or([
      // The oldest `new` application of each offer is kept in offer_counters (migration 0008):
      // one range scan of the company's counters, whatever the number of applications.
      eb(
        'offers.id',
        'in',
        eb
          .selectFrom('offer_counters')
          .select('offer_counters.offer_id')
          .where('offer_counters.company_id', '=', companyId)
          .where('offer_counters.oldest_new_at', '<=', w.cutoff),
      ),
      eb.and([eb('offers.closing_date', '>=', w.today), eb('offers.closing_date', '<=', w.soon)]),
    ]),
  ]);
}

function dayStart(day: string): string {
  return `${day}T00:00:00.000Z`;
}

function nextDayStart(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

/** Lists of offers: the source, every filter of spec section 2 "Offer list", paging and batches. */
export class OfferListRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Offers of the source that pass the filters, joined with what a list row shows. */
  query(s: OfferSource, f: OfferFilters) {
    return this.filtered(s, f)
      .innerJoin('projects', 'projects.id', 'offers.project_id')
      .leftJoin('subsidiaries', 'subsidiaries.id', 'offers.subsidiary_id')
      .leftJoin('users as creator', 'creator.id', 'offers.created_by');
  }

  /** The same offers without the joins: what counts read. */
  filtered(s: OfferSource, f: OfferFilters) {
    let q = this.db
      .selectFrom('offers')
      .where('offers.company_id', '=', s.companyId)
      .where((eb) => this.sourceCondition(eb, s));
    if (f.archived !== null) q = q.where('offers.archived', '=', f.archived ?? false);
    if (f.statuses?.length) q = q.where('offers.status', 'in', f.statuses);
    if (f.alert !== undefined) {
      q = q.where((eb) =>
        f.alert
          ? alertCondition(eb, s.companyId, f.window)
          : eb.not(alertCondition(eb, s.companyId, f.window)),
      );
    }
    for (const [column, range] of [
      ['offers.created_at', f.createdAt],
      ['offers.updated_at', f.updatedAt],
    ] as const) {
      if (range?.from) q = q.where(column, '>=', dayStart(range.from));
      if (range?.to) q = q.where(column, '<', nextDayStart(range.to));
    }
    if (f.closingDate?.from) q = q.where('offers.closing_date', '>=', f.closingDate.from);
    if (f.closingDate?.to) q = q.where('offers.closing_date', '<=', f.closingDate.to);
    if (f.q) {
      const like = likePattern(f.q);
      q = q.where((eb) =>
        eb.or(
          (['offers.job_position', 'offers.reference', 'offers.location'] as const).map(
            (c) => sql<boolean>`lower(${eb.ref(c)}) like ${like} escape '\\'`,
          ),
        ),
      );
    }
    if (f.jobBoardIds?.length) {
      const boards = f.jobBoardIds;
      q = q.where((eb) =>
        eb(
          'offers.id',
          'in',
          eb
            .selectFrom('offer_postings')
            .select('offer_postings.offer_id')
            .where('offer_postings.company_id', '=', s.companyId)
            .where('offer_postings.job_board_id', 'in', boards)
            .where('offer_postings.removed_at', 'is', null),
        ),
      );
    }
    if (f.projectIds)
      q = f.projectIds.length ? q.where('offers.project_id', 'in', f.projectIds) : q.where(never);
    if (f.contractTypes?.length) q = q.where('offers.contract_type', 'in', f.contractTypes);
    if (f.subsidiaryIds?.length) q = q.where('offers.subsidiary_id', 'in', f.subsidiaryIds);
    if (f.departments?.length) q = q.where('offers.department', 'in', f.departments);
    return q;
  }

  private sourceCondition(eb: OfferEb, s: OfferSource) {
    const parts = [];
    if (s.onlyProjects) {
      parts.push(s.onlyProjects.length ? eb('offers.project_id', 'in', s.onlyProjects) : never);
    } else if (s.onlyDirectAccess) {
      parts.push(directAccess(eb, s));
    } else if (s.visibleProjects !== null) {
      parts.push(reachableOffer(eb, { ...s, visibleProjects: s.visibleProjects }));
    }
    if (s.onlyFavorites) {
      parts.push(
        eb(
          'offers.id',
          'in',
          eb
            .selectFrom('offer_favorites')
            .select('offer_favorites.offer_id')
            .where('offer_favorites.company_id', '=', s.companyId)
            .where('offer_favorites.user_id', '=', s.userId),
        ),
      );
    }
    if (s.onlyDrafts) {
      parts.push(eb('offers.status', '=', 'draft'), eb('offers.archived', '=', false));
    }
    return eb.and(parts);
  }

  page(
    s: OfferSource,
    f: OfferFilters,
    sort: { field: string; direction: 'asc' | 'desc' },
    page: number,
    perPage: number,
  ) {
    const column = `offers.${sort.field}` as 'offers.created_at';
    const query = this.query(s, f)
      .select(LIST_COLUMNS)
      .orderBy(column, sort.direction)
      .orderBy('offers.id', sort.direction);
    return paginate(query, page, perPage, this.filtered(s, f));
  }

  /** Rows of the given ids among the source (unknown or invisible ids are left out). */
  byIds(s: OfferSource, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.query(s, { archived: null, window: { cutoff: '', today: '', soon: '' } })
      .select(LIST_COLUMNS)
      .where('offers.id', 'in', ids)
      .execute();
  }

  /** Ids of every offer of the source, archived or not. */
  async ids(s: OfferSource): Promise<number[]> {
    const rows = await this.filtered(s, {
      archived: null,
      window: { cutoff: '', today: '', soon: '' },
    })
      .select('offers.id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Walks the list by id in batches of `size`, so an export never holds the whole table. */
  async *batches(s: OfferSource, f: OfferFilters, size = 500, onlyIds?: number[]) {
    let after = 0;
    for (;;) {
      let q = this.query(s, f).select(LIST_COLUMNS).where('offers.id', '>', after);
      if (onlyIds) q = q.where('offers.id', 'in', onlyIds);
      const rows = await q.orderBy('offers.id').limit(size).execute();
      if (rows.length) yield rows;
      if (rows.length < size) return;
      after = rows[rows.length - 1]!.id;
    }
  }

  /** Offers not archived of the source, and their applications still `new`. */
  async stats(s: OfferSource, w: AlertWindow) {
    const offers = this.filtered(s, { window: w });
    const count = await offers.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const toTreat = await this.db
      .selectFrom('offer_counters')
      .select((eb) => eb.fn.sum<number>('offer_counters.to_treat').as('n'))
      .where('offer_counters.company_id', '=', s.companyId)
      .where('offer_counters.offer_id', 'in', offers.select('offers.id'))
      .executeTakeFirst();
    return { total_offers: Number(count?.n ?? 0), total_to_treat: Number(toTreat?.n ?? 0) };
  }

  /** Offers in alert with what dates their alert: oldest `new` application, closing day, last view. */
  alertCandidates(s: OfferSource, w: AlertWindow) {
    // Three columns per offer in alert, without the joins that only a list row needs.
    return this.filtered(s, { alert: true, window: w })
      .leftJoin('offer_counters', 'offer_counters.offer_id', 'offers.id')
      .select((eb) => [
        'offers.id',
        'offers.closing_date',
        'offer_counters.oldest_new_at',
        eb
          .selectFrom('offer_alert_views')
          .select((e) => e.fn.max('offer_alert_views.seen_at').as('m'))
          .whereRef('offer_alert_views.offer_id', '=', 'offers.id')
          .where('offer_alert_views.company_id', '=', s.companyId)
          .as('last_seen_at'),
      ])
      .execute();
  }
}

export type OfferListRow = Awaited<ReturnType<OfferListRepository['byIds']>>[number];
