import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/database.ts';
import { reachableOffer } from '../../platform/db/offer-visibility.ts';
import type { Paged } from '@embauche/contracts/paging';
import type { DB } from '../../platform/db/schema.ts';
import { pageOf, paginate } from '../../platform/http/list-query.ts';
import {
  filterOffers,
  rowFilters,
  type AlertWindow,
  type OfferFilters,
  type OfferSource,
} from './offer-list-filters.ts';

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

/** An offer in alert: what dates its start (DESIGN section 9) and when someone last opened it. */
export type AlertRow = {
  id: number;
  oldest_new_at: string | null;
  closing_date: string | null;
  last_seen_at: string | null;
};

/** How many offers of the company, per offer of the page and those before it, a page's walk reads at most. */
const WALK_STRETCH = 20;

/**
 * Lists of offers: the source and every filter of spec section 2 "Offer list" (offer-list-filters.ts),
 * paging, batches and alerts.
 */
export class OfferListRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect = 'sqlite',
  ) {}

  /** Offers of the source that pass the filters, joined with what a list row shows. */
  query(s: OfferSource, f: OfferFilters) {
    return this.filtered(s, f)
      .innerJoin('projects', 'projects.id', 'offers.project_id')
      .leftJoin('subsidiaries', 'subsidiaries.id', 'offers.subsidiary_id')
      .leftJoin('users as creator', 'creator.id', 'offers.created_by');
  }

  /** The same offers without the joins: what counts read. */
  filtered(s: OfferSource, f: OfferFilters) {
    return filterOffers(this.db.selectFrom('offers'), s, f, this.dialect);
  }

  async page(
    s: OfferSource,
    f: OfferFilters,
    sort: { field: string; direction: 'asc' | 'desc' },
    page: number,
    perPage: number,
  ): Promise<Paged<OfferListRow>> {
    const column = `offers.${sort.field}` as 'offers.created_at';
    if (!rowFilters(f)) {
      const query = this.query(s, f)
        .select(LIST_COLUMNS)
        .orderBy(column, sort.direction)
        .orderBy('offers.id', sort.direction);
      return paginate(query, page, perPage, this.filtered(s, f));
    }
    const walked = await this.walkPage(s, f, sort, page, perPage);
    if (walked) return walked;
    // Filters tested row by row (text, alerts, job boards): counting them visits every match
    // anyway, so one pass finds the matches, counts them and keeps the page's ids; the rows'
    // columns are then read for those ids only.
    // The count over the matches, then their order: PostgreSQL would otherwise walk the whole
    // sort index to feed the count (a sort order that spares no row).
    const matches = this.filtered(s, f).select([
      'offers.id',
      sql.ref<string>(column).as('sort_key'),
      sql<number>`count(*) over ()`.as('total'),
    ]);
    const ranked = await this.db
      .selectFrom(matches.as('matches'))
      .select(['matches.id', 'matches.total'])
      .orderBy('matches.sort_key', sort.direction)
      .orderBy('matches.id', sort.direction)
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    // Past the last page: no row carries the count.
    const total = ranked.length
      ? Number(ranked[0]!.total)
      : page > 1
        ? await this.countMatches(s, f)
        : 0;
    return this.pageOfIds(s, ranked, page, perPage, total);
  }

  /**
   * SQLite, by date of creation or update (the list's default order), when many offers match the
   * row filters: the page is found by walking the offers in the order of their index
   * (offers_company_archived_created_idx or _updated_idx), each tested against the filters, and
   * the matches are then counted; two short reads instead of sorting every match (at 20,000
   * offers, 3,333 on two job boards and in alert: 6.8 → 3.4 ms). The walk stops at the page or
   * after WALK_STRETCH times as many offers as the page needs: undefined then (the matches are
   * sparse, sorting them costs little), as for the orders and filters it does not serve.
   * PostgreSQL keeps one statement: its count is the cost, and a walk would come on top.
   */
  private async walkPage(
    s: OfferSource,
    f: OfferFilters,
    sort: { field: string; direction: 'asc' | 'desc' },
    page: number,
    perPage: number,
  ): Promise<Paged<OfferListRow> | undefined> {
    // A text keeps few offers as a rule (a word of the job position), read whole to be tested:
    // a walk would mostly fail. Alerts and job boards often keep many.
    if (this.dialect !== 'sqlite' || f.archived === null || f.q || f.customFields?.length) return;
    if (sort.field !== 'created_at' && sort.field !== 'updated_at') return;
    const column = `offers.${sort.field}` as const;
    const { direction } = sort;
    const offset = (page - 1) * perPage;
    // The key of the last offer of the stretch, among all the company's offers (archived or not,
    // as filtered): the walk reads the index up to it, ties included.
    const bound = await this.db
      .selectFrom('offers')
      .select(sql.ref<string>(column).as('key'))
      .where('offers.company_id', '=', s.companyId)
      .where('offers.archived', '=', f.archived ?? false)
      .orderBy(column, direction)
      .orderBy('offers.id', direction)
      .limit(1)
      .offset(WALK_STRETCH * (offset + perPage) - 1)
      .executeTakeFirst();
    let walk = filterOffers(this.db.selectFrom('offers'), s, f, this.dialect, true).select(
      'offers.id',
    );
    if (bound) walk = walk.where(column, direction === 'desc' ? '>=' : '<=', bound.key);
    const ids = await walk
      .orderBy(column, direction)
      .orderBy('offers.id', direction)
      .limit(perPage)
      .offset(offset)
      .execute();
    // A short page within the stretch may not be the list's last: the walk cannot tell.
    if (bound && ids.length < perPage) return;
    return this.pageOfIds(s, ids, page, perPage, await this.countMatches(s, f));
  }

  /** How many offers of the source pass the filters. */
  private async countMatches(s: OfferSource, f: OfferFilters): Promise<number> {
    const row = await this.filtered(s, f)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  /** The page of these ids' rows, in the ids' order. */
  private async pageOfIds(
    s: OfferSource,
    ids: { id: number }[],
    page: number,
    perPage: number,
    total: number,
  ): Promise<Paged<OfferListRow>> {
    const rows = await this.byIds(
      s,
      ids.map((r) => r.id),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return pageOf(
      ids.flatMap((r) => byId.get(r.id) ?? []),
      page,
      perPage,
      total,
    );
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

  /** The offers of the source that pass the filters, less `except` ("select all that match"). */
  private selected(s: OfferSource, f: OfferFilters, except: number[]) {
    return this.filtered(s, { ...f, exceptIds: except });
  }

  /** How many offers "select all that match" holds. */
  async countSelected(s: OfferSource, f: OfferFilters, except: number[]): Promise<number> {
    const row = await this.selected(s, f, except)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  /**
   * The next `limit` selected ids after `after`, in id order: a keyset walk (no offset, no set in
   * memory), which offers leaving the filters once changed do not shift.
   */
  async selectedIdsAfter(
    s: OfferSource,
    f: OfferFilters,
    except: number[],
    after: number,
    limit: number,
  ): Promise<number[]> {
    const rows = await this.selected(s, f, except)
      .where('offers.id', '>', after)
      .select('offers.id')
      .orderBy('offers.id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Offers not archived of the source, and their applications still `new`. */
  async stats(s: OfferSource, w: AlertWindow) {
    const f = { window: w };
    const count = await this.countMatches(s, f);
    const toTreat = await this.db
      .selectFrom('offer_counters')
      .select((eb) => eb.fn.sum<number>('offer_counters.to_treat').as('n'))
      .where('offer_counters.company_id', '=', s.companyId)
      .where('offer_counters.offer_id', 'in', this.filtered(s, f).select('offers.id'))
      .executeTakeFirst();
    return { total_offers: count, total_to_treat: Number(toTreat?.n ?? 0) };
  }

  /**
   * The counters of the source's offers (not archived) whose oldest `new` application is older
   * than the cutoff: the first cause of alert, read on offer_counters_alert_idx (migration 0011).
   * `untreatedAfterDays`: only those nobody opened since that application plus the delay.
   */
  private counterAlerts(s: OfferSource, w: AlertWindow, untreatedAfterDays?: number) {
    let q = this.db
      .selectFrom('offer_counters')
      .where('offer_counters.company_id', '=', s.companyId)
      .where('offer_counters.archived', '=', false)
      .where('offer_counters.oldest_new_at', '<=', w.cutoff);
    if (s.visibleProjects !== null) {
      const sight = { ...s, visibleProjects: s.visibleProjects };
      q = q.where('offer_counters.offer_id', 'in', (eb) =>
        eb
          .selectFrom('offers')
          .select('offers.id')
          .where('offers.company_id', '=', s.companyId)
          .where((o) => reachableOffer(o, sight)),
      );
    }
    if (untreatedAfterDays !== undefined)
      q = q.where((eb) => eb.not(eb.exists(this.openedSince(eb, untreatedAfterDays))));
    return q;
  }

  /** Someone opened the offer of the counter row at or after its oldest `new` application plus `days`. */
  private openedSince(eb: ExpressionBuilder<DB, 'offer_counters'>, days: number) {
    const start =
      this.dialect === 'postgres'
        ? sql`offer_counters.oldest_new_at + make_interval(hours => ${days * 24})`
        : sql`strftime('%Y-%m-%dT%H:%M:%fZ', offer_counters.oldest_new_at, ${`+${days} days`})`;
    return eb
      .selectFrom('offer_alert_views')
      .select(sql<number>`1`.as('one'))
      .whereRef('offer_alert_views.offer_id', '=', 'offer_counters.offer_id')
      .where(sql<boolean>`offer_alert_views.seen_at >= ${start}`);
  }

  /**
   * Alerts of the first cause, newest first (the latest oldest `new` application), at most
   * `limit`: a walk down offer_counters_alert_idx that stops after `limit` rows.
   */
  async counterAlertsPage(
    s: OfferSource,
    w: AlertWindow,
    limit: number,
    untreatedAfterDays?: number,
  ): Promise<{ id: number; oldest_new_at: string }[]> {
    const rows = await this.counterAlerts(s, w, untreatedAfterDays)
      .select(['offer_counters.offer_id as id', 'offer_counters.oldest_new_at'])
      .orderBy('offer_counters.oldest_new_at', 'desc')
      .orderBy('offer_counters.offer_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id, oldest_new_at: String(r.oldest_new_at) }));
  }

  /** How many offers are in alert by the first cause (a count on the index, no offer read). */
  async counterAlertsCount(
    s: OfferSource,
    w: AlertWindow,
    untreatedAfterDays?: number,
  ): Promise<number> {
    if (untreatedAfterDays === undefined) {
      if (s.visibleProjects === null) return this.companyAlertsCount(s.companyId, w);
      const row = await this.counterAlerts(s, w)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    }
    // Untreated: all of them but those opened since; the opened ones are found from the views
    // (offer_alert_views_company_idx), as many as offers were opened, not as many as alerts.
    const [all, opened] = await Promise.all([
      this.counterAlertsCount(s, w),
      this.counterAlerts(s, w)
        .where('offer_counters.offer_id', 'in', (eb) =>
          eb
            .selectFrom('offer_alert_views')
            .select('offer_alert_views.offer_id')
            .where('offer_alert_views.company_id', '=', s.companyId),
        )
        .where((eb) => eb.exists(this.openedSince(eb, untreatedAfterDays)))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst(),
    ]);
    return all - Number(opened?.n ?? 0);
  }

  /**
   * Every offer of the company in alert by the first cause: its offers not archived with an
   * application to treat (company_counters, migration 0036), less those whose oldest one is
   * younger than the cutoff (the alert delay's few days, read on offer_counters_alert_idx).
   */
  private async companyAlertsCount(companyId: number, w: AlertWindow): Promise<number> {
    const [kept, recent] = await Promise.all([
      this.db
        .selectFrom('company_counters')
        .select('open_offers_to_treat')
        .where('company_id', '=', companyId)
        .executeTakeFirst(),
      this.db
        .selectFrom('offer_counters')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('offer_counters.company_id', '=', companyId)
        .where('offer_counters.archived', '=', false)
        .where('offer_counters.oldest_new_at', '>', w.cutoff)
        .executeTakeFirst(),
    ]);
    return Number(kept?.open_offers_to_treat ?? 0) - Number(recent?.n ?? 0);
  }

  /**
   * The source's offers (not archived) that close within the alert window, the second cause of
   * alert: few (a week of closing days, offers_company_closing_idx), read whole with what dates
   * their alert.
   */
  closingSoon(s: OfferSource, w: AlertWindow): Promise<AlertRow[]> {
    return this.filtered(s, { window: w })
      .where('offers.closing_date', '>=', w.today)
      .where('offers.closing_date', '<=', w.soon)
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
      .execute() as Promise<AlertRow[]>;
  }
}

export type OfferListRow = Awaited<ReturnType<OfferListRepository['byIds']>>[number];
