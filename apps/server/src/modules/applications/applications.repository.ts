import { sql, type ExpressionBuilder, type Insertable, type Kysely } from 'kysely';
import type { Paged } from '@embauche/contracts/paging';
import { applicantMatch } from '../../platform/db/applicant-search.ts';
import type { Dialect } from '../../platform/db/database.ts';
import { manyRows } from '../../platform/db/many-rows.ts';
import { likePattern } from '../../platform/db/like-pattern.ts';
import { recordStatusChanges } from '../../platform/db/status-history.ts';
import type { ApplicationsTable, DB } from '../../platform/db/schema.ts';
import { countedPage } from '../../platform/db/counted-page.ts';
import { paginate, uncountedPage, windowPage } from '../../platform/http/list-query.ts';
import type { ApplicationFilters } from './application-filters.ts';
import {
  BARE_CARD_COLUMNS,
  ITEM_COLUMNS,
  SORT_COLUMNS,
  type ApplicationSort,
} from './application-columns.ts';
import { CardNamesRepository, type BareCardRow } from './card-names.repository.ts';
import { encodeCursor, type ApplicationCursor } from './application-cursor.ts';

const never = sql<boolean>`1 = 0`;

/** Rows per batch of the unpaged list (`allBatches`). */
export const ALL_BATCH = 1000;

/** The treatment screen's offer choices: `search` in the job position, `only` those ids. */
export type TreatmentOfferFilters = { search?: string; only?: number[] };

/**
 * The treatment list's default: applications `new` on offers and nothing else filtered. Its total
 * is the sum of the offers' counters (migration 0008) instead of a count of the applications.
 */
function countsToTreat(f: ApplicationFilters): boolean {
  const { offerIds, spontaneous, statuses, ...rest } = f;
  void offerIds;
  return (
    spontaneous === false &&
    statuses?.length === 1 &&
    statuses[0] === 1 &&
    Object.values(rest).every((v) => v === undefined || (Array.isArray(v) && !v.length))
  );
}

/** A listed row without its keyset value (`sort_key`, read for the next page's cursor). */
function withoutKey<R extends { sort_key: unknown }>({ sort_key, ...row }: R): Omit<R, 'sort_key'> {
  void sort_key;
  return row;
}

function dayStart(day: string) {
  return `${day}T00:00:00.000Z`;
}
function nextDayStart(day: string) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

/**
 * Applications: lists with every filter, the board and its counts, the offers to treat, status
 * changes and new applications; every query by company. Tests, copies, the applicant screen's
 * counts and the summaries have their own repositories.
 */
export class ApplicationsRepository {
  /** The names a board's cards show, each read once (`all`). */
  private readonly names: CardNamesRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {
    this.names = new CardNamesRepository(db, dialect);
  }

  /** The company's applications passing the filters, without joins (what counts read). */
  filtered(companyId: number, f: ApplicationFilters) {
    let q = this.db.selectFrom('applications').where('applications.company_id', '=', companyId);
    if (f.offerIds)
      q = f.offerIds.length ? q.where('applications.offer_id', 'in', f.offerIds) : q.where(never);
    if (f.spontaneous === true) q = q.where('applications.offer_id', 'is', null);
    if (f.spontaneous === false) q = q.where('applications.offer_id', 'is not', null);
    if (f.search) {
      q = q.where(
        applicantMatch(
          this.dialect,
          companyId,
          sql.ref('applications.applicant_id'),
          f.search,
          'identity',
          // One offer's applications (its list, its board): a probe per application.
          f.offerIds?.length === 1,
        ),
      );
    }
    if (f.range?.from) q = q.where('applications.created_at', '>=', dayStart(f.range.from));
    if (f.range?.to) q = q.where('applications.created_at', '<', nextDayStart(f.range.to));
    if (f.statuses?.length) q = q.where('applications.status_id', 'in', f.statuses);
    if (f.motifs?.length) q = q.where('applications.motif_id', 'in', f.motifs);
    if (f.jobBoards?.length) q = q.where('applications.jobboard_id', 'in', f.jobBoards);
    if (f.offers?.length) q = q.where('applications.offer_id', 'in', f.offers);
    if (f.tests?.length) {
      const tests = f.tests;
      q = q.where('applications.id', 'in', (eb) =>
        eb
          .selectFrom('application_tests')
          .select('application_tests.application_id')
          .where('application_tests.company_id', '=', companyId)
          .where('application_tests.test_id', 'in', tests),
      );
    }
    if (f.subsidiaries?.length || f.works?.length) {
      const subsidiaries = f.subsidiaries;
      const works = f.works;
      q = q.where('applications.offer_id', 'in', (eb) => {
        let o = eb
          .selectFrom('offers')
          .select('offers.id')
          .where('offers.company_id', '=', companyId);
        if (subsidiaries?.length) o = o.where('offers.subsidiary_id', 'in', subsidiaries);
        if (works?.length) o = o.where('offers.job_position', 'in', works);
        return o;
      });
    }
    return q;
  }

  private joined(companyId: number, f: ApplicationFilters) {
    return this.filtered(companyId, f)
      .innerJoin('applicants', 'applicants.id', 'applications.applicant_id')
      .innerJoin('statuses', 'statuses.id', 'applications.status_id')
      .leftJoin('offers', 'offers.id', 'applications.offer_id')
      .leftJoin('projects', 'projects.id', 'offers.project_id')
      .leftJoin('motifs', 'motifs.id', 'applications.motif_id')
      .leftJoin('job_boards', 'job_boards.id', 'applications.jobboard_id');
  }

  private sorted(companyId: number, f: ApplicationFilters, sort: ApplicationSort) {
    return this.joined(companyId, f)
      .select(ITEM_COLUMNS)
      .select(this.sortKey(sort).as('sort_key'))
      .orderBy(SORT_COLUMNS[sort.field], sort.direction)
      .orderBy('applications.id', sort.direction);
  }

  /**
   * A row's keyset value (application-cursor.ts): the sort column as the database holds it,
   * PostgreSQL's timestamps as their text (microseconds kept: the rows' ISO form stops at
   * milliseconds and would skip ties).
   */
  private sortKey(sort: ApplicationSort) {
    const column = sql.ref(SORT_COLUMNS[sort.field]);
    return this.dialect === 'postgres' && sort.field !== 'lastname' && sort.field !== 'status_id'
      ? sql<string>`cast(${column} as text)`
      : sql<string | number>`${column}`;
  }

  /** The rows after `cursor` in `sort`'s order (ties on the sort column broken by the id). */
  private after(sort: ApplicationSort, cursor: ApplicationCursor) {
    const column = SORT_COLUMNS[sort.field];
    const op = sort.direction === 'desc' ? '<' : '>';
    // `column <= key and (column < key or id < cursor id)` (desc): the first part a plain range of
    // the sort column, that an index walks in the list's order; `(column < key) or (column = key
    // and …)` made SQLite read both ranges and sort them (every row after the cursor).
    return (eb: ExpressionBuilder<DB, 'applications' | 'applicants'>) =>
      eb.and([
        eb(column, `${op}=`, cursor.key),
        eb.or([eb(column, op, cursor.key), eb('applications.id', op, cursor.id)]),
      ]);
  }

  /** A page of the list by number (the treatment lists). */
  async page(
    companyId: number,
    f: ApplicationFilters,
    sort: ApplicationSort,
    page: number,
    perPage: number,
  ): Promise<Paged<CardRow>> {
    const paged = await this.pageRows(companyId, f, sort, page, perPage);
    return { ...paged, data: paged.data.map(withoutKey) };
  }

  /**
   * A page of an offer's list (its rows, a board column): by number (`page`), or after `cursor`
   * (the rows after a row, whatever moved meanwhile; `page` is then only echoed); its total
   * counts the whole list unless `counted` is false (`count=false`: `total` is then the rows up to
   * this page, `last_page` this page or the next). `next_cursor` starts the next page (null: no
   * more rows).
   */
  async offerPage(
    companyId: number,
    f: ApplicationFilters,
    sort: ApplicationSort,
    page: number,
    perPage: number,
    cursor?: ApplicationCursor,
    counted = true,
  ): Promise<Paged<CardRow> & { next_cursor: string | null }> {
    const paged = await this.pageRows(
      companyId,
      f,
      sort,
      cursor && counted ? 1 : page,
      perPage,
      cursor,
      counted,
    );
    const last = paged.data[paged.data.length - 1];
    // Counted after a cursor, a full page may be followed by more; otherwise `last_page` tells
    // (uncounted, from the extra row read).
    const more =
      paged.data.length === perPage &&
      ((counted && cursor !== undefined) || paged.current_page < paged.last_page);
    return {
      ...paged,
      current_page: page,
      data: paged.data.map(withoutKey),
      next_cursor: more && last ? encodeCursor(sort, { key: last.sort_key, id: last.id }) : null,
    };
  }

  private pageRows(
    companyId: number,
    f: ApplicationFilters,
    sort: ApplicationSort,
    page: number,
    perPage: number,
    cursor?: ApplicationCursor,
    counted = true,
  ) {
    let query = this.sorted(companyId, f, sort);
    if (cursor) query = query.where(this.after(sort, cursor));
    // Not counted: one row more tells whether more follow (after a cursor, `page` is only echoed).
    if (!counted) return uncountedPage(query, page, perPage, cursor ? 0 : (page - 1) * perPage);
    if (countsToTreat(f))
      return countedPage(query, page, perPage, () =>
        this.toTreatTotal(companyId, f.offerIds ?? null),
      );
    // One offer's applications searched by name: the name's matches among the company's
    // applicants (SQLite's full-text matches, PostgreSQL's hash of them) are listed once for the
    // page and its total, not once for each. PostgreSQL at 1m, the big offer, one process, the
    // two statements of `paginate` at once against this one: "martin" 12.6 → 10.2 ms, "ma"
    // 41 → 23, "camille dupont" 25 → 17, a name that is not there 9.5 → 5.9.
    // (After a cursor the window would count only the rows after it: counted apart then.)
    if (f.search && f.offerIds?.length === 1 && !cursor)
      return windowPage(query, page, perPage, this.filtered(companyId, f));
    return paginate(query, page, perPage, this.filtered(companyId, f));
  }

  /**
   * Applications to treat on the offers, from offer_counters; on every offer of the company (null),
   * the company's own sum (company_counters, migration 0036), one row.
   */
  async toTreatTotal(companyId: number, offerIds: number[] | null): Promise<number> {
    if (!offerIds) {
      const row = await this.db
        .selectFrom('company_counters')
        .select('to_treat')
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      return Number(row?.to_treat ?? 0);
    }
    if (!offerIds.length) return 0;
    const row = await this.db
      .selectFrom('offer_counters')
      .select((eb) => eb.fn.sum<number>('offer_counters.to_treat').as('n'))
      .where('offer_counters.company_id', '=', companyId)
      .where('offer_counters.offer_id', 'in', offerIds)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * The unpaged list (an offer's whole list, issue 42: never capped), `size` rows at a time in the
   * list's order: each batch starts after the last row of the one before on (sort column, id), a
   * keyset that every sort column allows (none is null), so that memory stays one batch whatever
   * the offer's size and a row moved meanwhile is listed once at most. Each batch: the
   * applications with their applicants in one query, then the few statuses, motifs, job boards
   * and offers they name, each read once, instead of five joins per row.
   */
  async *allBatches(
    companyId: number,
    f: ApplicationFilters,
    sort: ApplicationSort,
    size = ALL_BATCH,
  ): AsyncGenerator<CardRow[]> {
    let last: ApplicationCursor | null = null;
    for (;;) {
      let query = this.filtered(companyId, f)
        .innerJoin('applicants', 'applicants.id', 'applications.applicant_id')
        .select(BARE_CARD_COLUMNS)
        .select(this.sortKey(sort).as('sort_key'))
        .orderBy(SORT_COLUMNS[sort.field], sort.direction)
        .orderBy('applications.id', sort.direction)
        .limit(size);
      if (last) query = query.where(this.after(sort, last));
      const rows: (BareCardRow & { sort_key: string | number })[] = await manyRows(this.db, query);
      if (rows.length) yield this.names.named(companyId, rows);
      if (rows.length < size) return;
      const end = rows[rows.length - 1]!;
      last = { key: end.sort_key, id: end.id };
    }
  }

  byIds(companyId: number, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.joined(companyId, {})
      .select(ITEM_COLUMNS)
      .where('applications.id', 'in', ids)
      .execute();
  }

  /** Applications per status under the filters (the board's column counts). */
  async countsByStatus(companyId: number, f: ApplicationFilters) {
    const rows = await this.filtered(companyId, f)
      .select((eb) => ['applications.status_id', eb.fn.countAll<number>().as('n')])
      .groupBy('applications.status_id')
      .execute();
    return new Map(rows.map((r) => [r.status_id, Number(r.n)]));
  }

  /**
   * Moves applications to a status: 6 stamps recruited_at, any other clears it. The change and its
   * history (status-history.ts: the row, the statistics' daily sums) in one transaction.
   */
  async setStatus(
    companyId: number,
    ids: number[],
    values: { status_id: number; motif_id: number | null; recruited_at: string | null },
    actorId: number | null,
  ) {
    if (!ids.length) return;
    const now = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('applications')
        .select(['id', 'offer_id', 'jobboard_id', 'status_id', 'created_at', 'status_changed_at'])
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute();
      await trx
        .updateTable('applications')
        .set({ ...values, status_changed_at: now, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute();
      await recordStatusChanges(
        trx,
        before.map((b) => ({
          companyId,
          applicationId: b.id,
          offerId: b.offer_id,
          jobboardId: b.jobboard_id,
          appliedAt: b.created_at,
          fromStatusId: b.status_id,
          toStatusId: values.status_id,
          motifId: values.motif_id,
          actorId,
          at: now,
          enteredFromAt: b.status_changed_at ?? b.created_at,
        })),
      );
    });
  }

  /** A new application and its arrival in the status history, in `db` (the caller's transaction). */
  async insert(
    values: Insertable<ApplicationsTable>,
    db: Kysely<DB> = this.db,
    actorId: number | null = null,
  ): Promise<number> {
    const row = await db
      .insertInto('applications')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordStatusChanges(db, [
      {
        companyId: values.company_id,
        applicationId: row.id,
        offerId: values.offer_id ?? null,
        jobboardId: values.jobboard_id ?? null,
        appliedAt: values.created_at,
        fromStatusId: null,
        toStatusId: values.status_id ?? 1,
        motifId: values.motif_id ?? null,
        actorId,
        at: values.created_at,
        enteredFromAt: null,
      },
    ]);
    return row.id;
  }

  /** Applicants of `applicantIds` that already have an application on the offer. */
  async applicantsOnOffer(
    companyId: number,
    offerId: number,
    applicantIds: number[],
    db: Kysely<DB> = this.db,
  ) {
    if (!applicantIds.length) return new Set<number>();
    const rows = await db
      .selectFrom('applications')
      .select('applicant_id')
      .where('company_id', '=', companyId)
      .where('offer_id', '=', offerId)
      .where('applicant_id', 'in', applicantIds)
      .execute();
    return new Set(rows.map((r) => r.applicant_id!));
  }

  ofApplicant(companyId: number, applicantId: number, exclude: number[]) {
    let q = this.joined(companyId, {})
      .select(ITEM_COLUMNS)
      .where('applications.applicant_id', '=', applicantId)
      .orderBy('applications.created_at', 'desc');
    if (exclude.length) q = q.where('applications.id', 'not in', exclude);
    return q.execute();
  }

  /**
   * Offers (among `offerIds`, null: all) with applications to treat, and how many, in job-position
   * order; `search` in the job position, `only` those ids. offer_counters (migration
   * 0008): one row per offer instead of a count of its applications; a page walks
   * offers_company_position_idx (migration 0011) and stops when it is full.
   */
  private treatmentOffersQuery(
    companyId: number,
    offerIds: number[] | null,
    f: TreatmentOfferFilters,
  ) {
    let q = this.db
      .selectFrom('offers')
      .innerJoin('offer_counters', 'offer_counters.offer_id', 'offers.id')
      .where('offers.company_id', '=', companyId)
      .where('offer_counters.to_treat', '>', 0);
    if (offerIds) q = offerIds.length ? q.where('offers.id', 'in', offerIds) : q.where(never);
    if (f.only) q = f.only.length ? q.where('offers.id', 'in', f.only) : q.where(never);
    if (f.search) {
      q = q.where(
        sql<boolean>`lower(offers.job_position) like ${likePattern(f.search)} escape '\\'`,
      );
    }
    return q;
  }

  treatmentOffers(
    companyId: number,
    offerIds: number[] | null,
    f: TreatmentOfferFilters = {},
    page?: { limit: number; offset: number },
  ) {
    let q = this.treatmentOffersQuery(companyId, offerIds, f)
      .select(['offers.id', 'offers.project_id', 'offers.job_position', 'offer_counters.to_treat'])
      .orderBy('offers.job_position')
      .orderBy('offers.id');
    if (page) q = q.limit(page.limit).offset(page.offset);
    return q.execute();
  }

  /** How many offers `treatmentOffers` lists without a page. */
  async treatmentOffersCount(
    companyId: number,
    offerIds: number[] | null,
    f: TreatmentOfferFilters = {},
  ): Promise<number> {
    // Without a search in the offers' own column, the counters alone answer, from an index:
    // the triggers (counters.ts) keep `oldest_new_at` set exactly while `to_treat` is not 0.
    const q =
      f.search === undefined
        ? this.db
            .selectFrom('offer_counters')
            .where('offer_counters.company_id', '=', companyId)
            .where('offer_counters.oldest_new_at', 'is not', null)
            .$if(offerIds !== null, (qb) =>
              offerIds!.length
                ? qb.where('offer_counters.offer_id', 'in', offerIds!)
                : qb.where(never),
            )
            .$if(f.only !== undefined, (qb) =>
              f.only!.length ? qb.where('offer_counters.offer_id', 'in', f.only!) : qb.where(never),
            )
        : this.treatmentOffersQuery(companyId, offerIds, f);
    const row = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}

export type ApplicationRow = Awaited<ReturnType<ApplicationsRepository['byIds']>>[number];
/** What a card (list item) shows of an application: all but its motivation text. */
export type CardRow = Omit<ApplicationRow, 'motivation'>;
