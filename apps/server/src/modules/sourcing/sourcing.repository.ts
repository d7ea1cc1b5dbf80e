import { expressionBuilder, sql, type Kysely, type RawBuilder } from 'kysely';
import { SOURCING_TAG_FACETS, type TSourcingSort } from '@embauche/contracts/sourcing';
import {
  identityMatches,
  searchWords,
  scopedWord,
  tsQuery,
} from '../../platform/db/applicant-search.ts';
import type { Dialect } from '../../platform/db/database.ts';
import { reachableOffer } from '../../platform/db/offer-visibility.ts';
import type { DB } from '../../platform/db/schema.ts';
import { visibleApplicant, type ApplicantScope } from '../applicants/applicant-scope.ts';

/** Filters once resolved: tag names became the company's tag ids. */
export type SourcingCriteria = {
  q: string;
  tagIds?: number[];
  source?: number[];
  jobBoard?: number[];
  lastStatus?: number[];
  /** ISO bounds: from (inclusive), to (exclusive). */
  applied?: { from: string | null; to: string | null };
  hasCv?: boolean;
};

type Facet = 'tags' | 'source' | 'job_board' | 'last_status' | 'has_cv' | 'applied';

export type SourcingResult = {
  total: number;
  /** The page in order, with the id of the last application the user sees. */
  page: { id: number; applicationId: number | null }[];
  counts: { facet: string; value: number | null; count: number }[];
};

/** A match of every word as a prefix (FTS5 query / tsquery), as in applicant-search.ts. */
function ftsQuery(companyId: number, words: string[]) {
  return words.map((w) => `"${scopedWord(companyId, w)}"*`).join(' ');
}

/**
 * The sourcing search in one statement (docs/sourcing.md): the matching applicants the
 * user sees are read once (`m`, with their last visible application), flagged against each filter
 * (`f`), then counted per facet under every other facet's filter, and paged.
 */
export class SourcingRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  /** The company's tag ids with these names (case folded). */
  async tagIds(companyId: number, names: string[]): Promise<number[]> {
    if (!names.length) return [];
    const rows = await this.db
      .selectFrom('tags')
      .select('id')
      .where('company_id', '=', companyId)
      .where(
        sql<string>`lower(name)`,
        'in',
        names.map((n) => n.toLowerCase()),
      )
      .execute();
    return rows.map((r) => r.id);
  }

  tagNames(companyId: number, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('tags')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute();
  }

  jobBoardNames(ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db.selectFrom('job_boards').select(['id', 'name']).where('id', 'in', ids).execute();
  }

  /** The page's applicants, their CV text (highlights) and their tags. */
  async applicants(companyId: number, ids: number[]) {
    if (!ids.length) return { rows: [], tags: [] };
    const [rows, tags] = await Promise.all([
      this.db
        .selectFrom('applicants')
        .select([
          'id',
          'firstname',
          'lastname',
          'email',
          'img_src',
          'cv_key',
          'cv_text',
          'provenance_id',
          'jobboard_id',
        ])
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute(),
      this.db
        .selectFrom('applicant_tags')
        .innerJoin('tags', 'tags.id', 'applicant_tags.tag_id')
        .select(['applicant_tags.applicant_id', 'tags.name'])
        .where('applicant_tags.company_id', '=', companyId)
        .where('applicant_tags.applicant_id', 'in', ids)
        .orderBy('tags.name')
        .execute(),
    ]);
    return { rows, tags };
  }

  applications(companyId: number, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('applications')
      .leftJoin('offers', 'offers.id', 'applications.offer_id')
      .select([
        'applications.id',
        'applications.offer_id',
        'offers.job_position as offer_name',
        'applications.status_id',
        'applications.created_at',
      ])
      .where('applications.company_id', '=', companyId)
      .where('applications.id', 'in', ids)
      .execute();
  }

  /** Applications the scope sees: every one, or those of reachable offers (and spontaneous ones). */
  private visibleApplication(scope: ApplicantScope): RawBuilder<unknown> {
    if (scope.visibleProjects === null) return sql`1 = 1`;
    const sight = { ...scope, visibleProjects: scope.visibleProjects };
    const offers = this.db
      .selectFrom('offers')
      .select('offers.id')
      .where('offers.company_id', '=', scope.companyId)
      .where((o) => reachableOffer(o, sight));
    const spontaneous = scope.spontaneous ? sql` or applications.offer_id is null` : sql``;
    return sql`(applications.offer_id in ${offers}${spontaneous})`;
  }

  async search(
    scope: ApplicantScope,
    c: SourcingCriteria,
    sort: TSourcingSort,
    limit: number,
    offset: number,
  ): Promise<SourcingResult> {
    const { rows } = await this.statement(scope, c, sort, limit, offset).execute(this.db);
    let total = 0;
    const page: SourcingResult['page'] = [];
    const counts: SourcingResult['counts'] = [];
    for (const r of rows) {
      const v = r.v === null ? null : Number(r.v);
      if (r.k === 'total') total = Number(r.n);
      else if (r.k === 'page')
        page.push({ id: v!, applicationId: r.w === null ? null : Number(r.w) });
      else counts.push({ facet: r.k, value: v, count: Number(r.n) });
    }
    // row_number numbers the page's rows in the search's order.
    const position = new Map(
      rows.filter((r) => r.k === 'page').map((r) => [Number(r.v), Number(r.n)]),
    );
    page.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    return { total, page, counts };
  }

  /** The one statement of `search` (exported for the query-plan tests). */
  statement(
    scope: ApplicantScope,
    c: SourcingCriteria,
    sort: TSourcingSort,
    limit: number,
    offset: number,
  ) {
    const { matches, where, order, facet, matchTags, total, none } = this.parts(scope, c, sort);
    return sql<{ k: string; v: number | null; n: number; w: number | null }>`
      ${matches},
      g as materialized (select m.src, m.jb, m.st, m.cv, m.af, m.tf, count(*) as n from m
        group by m.src, m.jb, m.st, m.cv, m.af, m.tf)
      select 'total' as k, ${none} as v, coalesce(${total}, 0) as n, ${none} as w from g where ${where('g')}
      ${facet('source', 'src')}
      ${facet('job_board', 'jb')}
      ${facet('last_status', 'st')}
      ${facet('has_cv', 'cv')}
      union all select * from (
        select 'tags' as k, t.tag_id as v, count(*) as n, ${none} as w
        from ${matchTags()}
        group by t.tag_id order by count(*) desc, t.tag_id limit ${SOURCING_TAG_FACETS}
      ) as top_tags
      union all select 'page', p.id, row_number() over (order by ${order('p')}), p.app from (
        select m.* from m where ${where('m')} order by ${order('m')} limit ${limit} offset ${offset}
      ) as p`;
  }

  /**
   * "All that match" (issue 42 part 2, docs/sourcing.md): the applicants the search matches under
   * its filters — the same `m` and the same conditions as `search`, so exactly its `total` — but
   * `except`. No ranking: a count has no order and a walk goes by id.
   */
  private selected(scope: ApplicantScope, c: SourcingCriteria, except: number[]) {
    const { matches, where } = this.parts(scope, c, 'date_desc');
    const but = except.length ? sql` and m.id not in (${sql.join(except)})` : sql``;
    return { matches, condition: sql`${where('m')}${but}` };
  }

  async selectionCount(
    scope: ApplicantScope,
    c: SourcingCriteria,
    except: number[],
  ): Promise<number> {
    const { matches, condition } = this.selected(scope, c, except);
    const { rows } = await sql<{ n: number | string }>`${matches}
      select count(*) as n from m where ${condition}`.execute(this.db);
    return Number(rows[0]?.n ?? 0);
  }

  /** The next `limit` selected ids after `after`, in id order (a keyset walk). */
  async selectionIdsAfter(
    scope: ApplicantScope,
    c: SourcingCriteria,
    except: number[],
    after: number,
    limit: number,
  ): Promise<number[]> {
    const { matches, condition } = this.selected(scope, c, except);
    const { rows } = await sql<{ id: number | string }>`${matches}
      select m.id from m where ${condition} and m.id > ${after}
      order by m.id limit ${limit}`.execute(this.db);
    return rows.map((r) => Number(r.id));
  }

  /** The search's pieces: `matches` (the `with … m` of the matches), the facets' conditions, the order. */
  private parts(scope: ApplicantScope, c: SourcingCriteria, sort: TSourcingSort) {
    const company = scope.companyId;
    const words = searchWords(c.q);
    const pg = this.dialect === 'postgres';
    const seesAll = scope.visibleProjects === null;
    // PostgreSQL, for a user who sees every application: the index rows carry each match's facet
    // values (migration 0024), so no applicant row is read per match.
    const fromIndex = pg && seesAll && words.length > 0;
    // The matching rows of the index, with a score (higher is better).
    let hits = sql``;
    let score = sql`0`;
    if (words.length) {
      if (pg) {
        const query = tsQuery(words);
        // As on SQLite: name, e-mail or tag matches first, read once from the identity words'
        // own indexes (identityMatches) and looked up by hash; ts_rank decompressed every
        // match's whole document.
        const rank =
          sort === 'relevance'
            ? sql`case when s.applicant_id in (${identityMatches(company, words)}) then 1 else 0 end`
            : sql`0`;
        const facets = fromIndex
          ? sql`, s.src, s.jb, s.cv, s.created_at, s.la, s.ls, s.lp, s.tags`
          : sql``;
        hits = sql`hits as (select s.applicant_id as id, ${rank} as r${facets}
          from applicant_search s where s.company_id = ${company} and s.document @@ to_tsquery('simple', ${query})), `;
      } else {
        // FTS5's bm25 costs more than the whole search on 100,000 CVs (docs/sourcing.md):
        // applicants whose name, e-mail or tags hold every word rank first, then CV-only matches.
        const identity = `{name email tags} : (${ftsQuery(company, words)})`;
        hits = sql`hits as (select rowid as id,
          case when rowid in (select rowid from applicant_search where applicant_search match ${identity}) then 1 else 0 end as r
          from applicant_search where applicant_search match ${ftsQuery(company, words)}), `;
      }
      score = fromIndex ? sql`a.r` : sql`hits.r`;
    }
    const visible = visibleApplicant(expressionBuilder<DB, 'applicants'>(), scope);
    const columns = sql`applicants.id, applicants.provenance_id as src, applicants.jobboard_id as jb,
      case when applicants.cv_key is not null then 1 else 0 end as cv, applicants.created_at,
      applicants.last_application_id as la, applicants.last_status_id as ls, applicants.last_applied_at as lp`;
    const ownApplicant = sql`applicants.company_id = ${company} and ${visible}`;
    // The matches' applicants: PostgreSQL reads each by its key (a hash join would read the
    // whole table of wide rows for a few thousand matches; `limit 1` keeps the subquery a
    // lateral probe); SQLite does so by itself.
    const from = !words.length
      ? sql`(select ${columns} from applicants where ${ownApplicant}) a`
      : fromIndex
        ? sql`hits a`
        : pg
          ? sql`hits cross join lateral (select ${columns} from applicants
            where applicants.id = hits.id and ${ownApplicant} limit 1) a`
          : sql`hits join (select ${columns} from applicants where ${ownApplicant}) a on a.id = hits.id`;
    // Each match's last application the user sees: the one kept on the applicant's row (migration
    // 0016) for a user who sees every application; otherwise a walk down the index of migration
    // 0015, newest first: a lateral join on PostgreSQL, a correlated key on SQLite (no LATERAL).
    const newest = sql`from applications
      where applications.company_id = ${company} and applications.applicant_id = a.id
      and ${this.visibleApplication(scope)}
      order by applications.created_at desc, applications.id desc limit 1`;
    const lastApplication = seesAll
      ? sql``
      : pg
        ? sql`left join lateral (select applications.id, applications.status_id, applications.created_at ${newest}) l on true`
        : sql`left join applications l on l.id = (select applications.id ${newest})`;
    const last = seesAll
      ? { id: sql`a.la`, status: sql`a.ls`, at: sql`a.lp` }
      : { id: sql`l.id`, status: sql`l.status_id`, at: sql`l.created_at` };

    const inList = (col: string, ids: number[] | undefined) =>
      ids ? (ids.length ? sql`${sql.ref(col)} in (${sql.join(ids)})` : sql`1 = 0`) : null;
    // The date range and the tags are flags of each match (`af`, `tf`), read once in `m`.
    const appliedRange = c.applied
      ? sql.join(
          [
            sql`${last.at} is not null`,
            ...(c.applied.from ? [sql`${last.at} >= ${c.applied.from}`] : []),
            ...(c.applied.to ? [sql`${last.at} < ${c.applied.to}`] : []),
          ],
          sql` and `,
        )
      : sql`1 = 0`;
    // The tags: from the index row's copy (`a.tags`, migration 0024), else from applicant_tags.
    const tagged = !c.tagIds?.length
      ? sql`1 = 0`
      : fromIndex
        ? sql`a.tags && array[${sql.join(c.tagIds)}]::integer[]`
        : sql`exists (select 1 from applicant_tags t where t.company_id = ${company} and t.applicant_id = a.id and t.tag_id in (${sql.join(c.tagIds)}))`;
    // The matches' tag ids (a projection of the copies, skipping untagged rows), else a join.
    const matchTags = () =>
      fromIndex
        ? sql`(select unnest(m.tags) as tag_id from m where cardinality(m.tags) > 0 and ${where('m', 'tags')}) t`
        : sql`m cross join applicant_tags t where t.applicant_id = m.id and t.company_id = ${company} and ${where('m', 'tags')}`;
    // Each facet's condition on a row of `m` or of `g` (null: no filter).
    const conditions = (t: 'm' | 'g'): Record<Facet, RawBuilder<unknown> | null> => ({
      tags: c.tagIds ? sql`${sql.ref(`${t}.tf`)} = 1` : null,
      source: inList(`${t}.src`, c.source),
      job_board: inList(`${t}.jb`, c.jobBoard),
      last_status: inList(`${t}.st`, c.lastStatus),
      has_cv: c.hasCv === undefined ? null : sql`${sql.ref(`${t}.cv`)} = ${c.hasCv ? 1 : 0}`,
      applied: c.applied ? sql`${sql.ref(`${t}.af`)} = 1` : null,
    });
    const where = (t: 'm' | 'g', but?: Facet) => {
      const all = conditions(t);
      const list = (Object.keys(all) as Facet[])
        .filter((f) => f !== but && all[f])
        .map((f) => sql`(${all[f]})`);
      return list.length ? sql.join(list, sql` and `) : sql`1 = 1`;
    };
    const direction = sort === 'date_asc' ? sql`asc` : sql`desc`;
    const order = (t: 'm' | 'p') =>
      sort === 'relevance' && words.length
        ? sql`${sql.ref(`${t}.r`)} desc, ${sql.ref(`${t}.id`)} desc`
        : sql`coalesce(${sql.ref(`${t}.ap`)}, ${sql.ref(`${t}.created_at`)}) ${direction}, ${sql.ref(`${t}.id`)} ${direction}`;
    const int = (v: RawBuilder<unknown>) => (pg ? sql`cast(${v} as integer)` : v);
    const none = int(sql`null`);
    const total = pg ? sql`cast(sum(g.n) as integer)` : sql`sum(g.n)`;
    // The counts of one facet: the groups of `g` that pass every other facet's filter.
    const facet = (name: Facet, column: string) =>
      sql`union all select ${name}, ${sql.ref(`g.${column}`)}, ${total}, ${none} from g where ${where('g', name)} group by ${sql.ref(`g.${column}`)}`;

    const matches = sql`with ${hits}m as materialized (
        select a.id, a.src, a.jb, a.cv, a.created_at, ${score} as r,${fromIndex ? sql` a.tags,` : sql``}
          ${last.id} as app, ${last.status} as st, ${last.at} as ap,
          case when ${appliedRange} then 1 else 0 end as af, case when ${tagged} then 1 else 0 end as tf
        from ${from}
        ${lastApplication}
      )`;
    return { matches, where, order, facet, matchTags, total, none };
  }
}
