import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Dialect } from '../../platform/db/database.ts';
import { foldedContains } from '../../platform/db/text-fold.ts';
import { directAccess, reachableOffer } from '../../platform/db/offer-visibility.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { CustomValueFilter } from '../custom-fields/custom-fields.service.ts';

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
  /** `filter[custom_fields][<id>]`, read by the custom fields service for the fields' types. */
  customFields?: CustomValueFilter[];
  /** Offers left out: those unticked after "select all that match" (issue 42 part 2). */
  exceptIds?: number[];
};

type OfferEb = ExpressionBuilder<DB, 'offers'>;

const never = sql<boolean>`1 = 0`;

type AlertEb = ExpressionBuilder<
  DB & { alert_counter: DB['offer_counters'] },
  'offers' | 'alert_counter'
>;

/**
 * The alert rule of DESIGN section 9 as SQL, on an offer joined with its counter (`alert_counter`,
 * see `filterOffers`). Each part is true or false, never NULL, so that `not` of it
 * (filter[alert]=0) keeps the offers without a closing date or without a counter.
 */
function alertCondition(eb: AlertEb, w: AlertWindow) {
  return eb.and([
    eb('offers.archived', '=', false),
    eb.or([
      // The oldest `new` application of each offer is kept in offer_counters (migration 0008).
      eb.and([
        eb('alert_counter.oldest_new_at', 'is not', null),
        eb('alert_counter.oldest_new_at', '<=', w.cutoff),
      ]),
      eb.and([
        eb('offers.closing_date', 'is not', null),
        eb('offers.closing_date', '>=', w.today),
        eb('offers.closing_date', '<=', w.soon),
      ]),
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

/** Filters that a list tests on each offer's row rather than reads from an index range. */
export function rowFilters(f: OfferFilters): boolean {
  return Boolean(f.q || f.alert !== undefined || f.jobBoardIds?.length || f.customFields?.length);
}

/**
 * Narrows a query of `offers` to the source's offers (of its company) that pass the filters.
 * `probe`: the job boards are tested on each offer (a lookup of its postings by key) rather than
 * listed first, so that SQLite walks the offers in the order of an index (offer-list.repository.ts
 * `walkPage`) instead of starting from every posting of the boards.
 */
export function filterOffers<O>(
  query: SelectQueryBuilder<DB, 'offers', O>,
  s: OfferSource,
  f: OfferFilters,
  dialect: Dialect,
  probe = false,
): SelectQueryBuilder<DB, 'offers', O> {
  let q = query.where('offers.company_id', '=', s.companyId).where((eb) => sourceCondition(eb, s));
  if (f.archived !== null) q = q.where('offers.archived', '=', f.archived ?? false);
  if (f.statuses?.length) q = q.where('offers.status', 'in', f.statuses);
  if (f.jobBoardIds?.length) {
    // With the alert's join below, PostgreSQL joins the boards' offers first: its sessions keep
    // the joins in the order written (join_collapse_limit=1, database.ts), and an `in` subquery
    // becomes a semi join placed after every written join, so the counters were joined to each
    // of the company's offers before the boards kept a few (1m, in alert on two boards, the
    // statement: 10.8 → 8.3 ms). Alone, the `in` costs less than the join (4.6 against 5.6 ms).
    const joined = dialect === 'postgres' && f.alert !== undefined;
    q = onJobBoards(q, s.companyId, f.jobBoardIds, probe ? 'probe' : joined ? 'join' : 'in');
  }
  if (f.alert !== undefined) {
    // The offer's counter is joined (one row at most: the offer is its key), not probed by a
    // subquery per offer: PostgreSQL can then hash the company's counters once. At 1m, on
    // PostgreSQL, the statement for offers in alert alone went 32 → 17 ms (in psql, joins
    // ordered freely); on SQLite (the same probe, without a subquery) 9.6 → 6.6 ms. The join
    // adds no column to the select, so the query keeps its type.
    const { alert, window } = f;
    q = q
      .leftJoin('offer_counters as alert_counter', (join) =>
        join
          .onRef('alert_counter.offer_id', '=', 'offers.id')
          .on('alert_counter.company_id', '=', s.companyId),
      )
      .where((eb) =>
        alert ? alertCondition(eb, window) : eb.not(alertCondition(eb, window)),
      ) as unknown as typeof q;
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
    // Accent- and case-blind, on both databases: "equipier" finds "Équipier".
    const search = f.q;
    q = q.where((eb) =>
      eb.or(
        (['offers.job_position', 'offers.reference', 'offers.location'] as const).map((c) =>
          foldedContains(dialect, sql.ref<string>(c), search),
        ),
      ),
    );
  }
  if (f.projectIds)
    q = f.projectIds.length ? q.where('offers.project_id', 'in', f.projectIds) : q.where(never);
  if (f.contractTypes?.length) q = q.where('offers.contract_type', 'in', f.contractTypes);
  if (f.subsidiaryIds?.length) q = q.where('offers.subsidiary_id', 'in', f.subsidiaryIds);
  if (f.departments?.length) q = q.where('offers.department', 'in', f.departments);
  for (const c of f.customFields ?? [])
    q = q.where((eb) => customValueCondition(eb, s, c, dialect));
  if (f.exceptIds?.length) q = q.where('offers.id', 'not in', f.exceptIds);
  return q;
}

/**
 * Offers with a posting (not removed) on one of the boards: tested on each offer by key
 * (`probe`), an `in` subquery, or an inner join with the boards' offers (`join`, see
 * `filterOffers`).
 */
function onJobBoards<O>(
  q: SelectQueryBuilder<DB, 'offers', O>,
  companyId: number,
  boards: number[],
  form: 'probe' | 'in' | 'join',
): SelectQueryBuilder<DB, 'offers', O> {
  const postings = (eb: ExpressionBuilder<DB, 'offers'>) =>
    eb
      .selectFrom('offer_postings')
      .select('offer_postings.offer_id')
      .where('offer_postings.company_id', '=', companyId)
      .where('offer_postings.job_board_id', 'in', boards)
      .where('offer_postings.removed_at', 'is', null);
  if (form === 'probe')
    return q.where((eb) =>
      eb.exists(postings(eb).whereRef('offer_postings.offer_id', '=', 'offers.id')),
    );
  if (form === 'in') return q.where((eb) => eb('offers.id', 'in', postings(eb)));
  return q.innerJoin(
    (eb) => postings(eb).distinct().as('on_boards'),
    (join) => join.onRef('on_boards.offer_id', '=', 'offers.id'),
  ) as unknown as typeof q;
}

/**
 * An offer whose value of the custom field matches: exact on the indexed `value_key`
 * (custom_field_values_filter_idx: company, field, value); for text, "contains" without case nor
 * accents ("ecole" finds "École"); for a multiple choice, the option (a JSON string, as the
 * option is written) inside the stored JSON array.
 */
function customValueCondition(eb: OfferEb, s: OfferSource, c: CustomValueFilter, dialect: Dialect) {
  let values = eb
    .selectFrom('custom_field_values')
    .select('custom_field_values.entity_id')
    .where('custom_field_values.company_id', '=', s.companyId)
    .where('custom_field_values.field_id', '=', c.fieldId);
  const value = sql.ref<string>('custom_field_values.value');
  if (c.mode === 'exact') values = values.where('custom_field_values.value_key', '=', c.value);
  else if (c.mode === 'contains') values = values.where(foldedContains(dialect, value, c.value));
  else
    values = values.where(
      sql<boolean>`${value} like ${`%${c.value.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} escape '\\'`,
    );
  return eb('offers.id', 'in', values);
}

function sourceCondition(eb: OfferEb, s: OfferSource) {
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
