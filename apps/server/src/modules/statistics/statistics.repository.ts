import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Dialect } from '../../platform/db/database.ts';
import { inIds } from '../../platform/db/id-list.ts';
import type { DB } from '../../platform/db/schema.ts';
import { offerKey, onBoard } from '../../platform/db/status-history.ts';
import type { DayCount } from './statistics-fold.ts';

/** Which offers count: the company's, maybe some (null: all), with or without spontaneous ones. */
export type StatScope = {
  companyId: number;
  /** null: every offer (and the daily sums may answer when `jobboard` and spontaneous allow). */
  offerIds: number[] | null;
  /**
   * With `offerIds` null: every offer but these (a filter that leaves most of the company's
   * offers, e.g. a recruiter of nearly all of them, is told by the few it leaves out).
   */
  except?: number[];
  spontaneous: boolean;
  jobboard?: number | 'none';
  /**
   * Groups of offers (`p:<project>`, `s:<subsidiary>`, `c:<contract type>`) whose union is
   * exactly `offerIds` (the filter of a user who sees every offer): read from their sums.
   */
  groups?: string[];
};

/** What narrows offers (the page's filters), resolved to offer ids by `offerIds`. */
export type OfferFilter = {
  projectIds?: number[];
  offerId?: number;
  subsidiaryId?: number;
  recruiterId?: number;
  contractType?: string;
};

const num = (v: unknown) => Number(v ?? 0);

/** The statistics' reads: the daily sums, the history, offers and the users' activity. */
export class StatisticsRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
    /**
     * Past this many offers, the company's other offers (the complement) or the projects they
     * hold whole may be fewer keys to read.
     */
    private readonly largeFrom = 200,
  ) {}

  /**
   * The daily sums of `metrics` over `days`: summed over the period (`perDay` false) or per day.
   * From the tables of sums (docs/statistics.md, "Speed"): the company's for its whole scope, per
   * group or per offer for a set of offers, per job board for a job board, and the groups' and
   * offers' on one job board for both at once: never the history.
   */
  async counts(
    scope: StatScope,
    days: [number, number],
    metrics: number[],
    perDay: boolean,
  ): Promise<DayCount[]> {
    const day = perDay ? sql`day` : sql`0`;
    const groupDay = perDay ? sql`day, ` : sql``;
    const source = await this.sumsSource(scope, days, metrics);
    const rows =
      await sql<DayCount>`select ${day} as day, metric, a, b, sum(n) as n, sum(total) as total
      from (${source}) s group by ${groupDay}metric, a, b`.execute(this.db);
    return rows.rows.map((r) => ({
      day: num(r.day),
      metric: num(r.metric),
      a: num(r.a),
      b: num(r.b),
      n: num(r.n),
      total: num(r.total),
    }));
  }

  /** The rows (day, metric, a, b, n, total) whose sums answer for `scope`; negative ones subtract. */
  private async sumsSource(scope: StatScope, days: [number, number], metrics: number[]) {
    const company = scope.companyId;
    const range = sql`metric in (${sql.join(metrics)}) and day between ${days[0]} and ${days[1]}`;
    const stored = (table: string, where: Expression<SqlBool> | null, sign: 1 | -1 = 1) =>
      sql`select day, metric, a, b, ${sql.raw(sign < 0 ? '-n as n, -total as total' : 'n, total')}
        from ${sql.table(table)} where company_id = ${company}
        ${where ? sql`and ${where} ` : sql``}and ${range}`;
    // On a job board, every set of sums is read from its keys on that board (onBoard).
    const board = scope.jobboard === 'none' ? 0 : scope.jobboard;
    const keys = (ids: string[], sign: 1 | -1 = 1) =>
      stored(
        'statistics_group_counts',
        sql<SqlBool>`grp in (${sql.join(ids.map((g) => sql`${board === undefined ? g : onBoard(g, board)}`))})`,
        sign,
      );
    const offers = (ids: number[], sign: 1 | -1 = 1) =>
      board === undefined
        ? stored('statistics_offer_counts', inIds(this.dialect, sql.ref('offer_id'), ids), sign)
        : keys(ids.map(offerKey), sign);
    const all =
      board === undefined
        ? stored('statistics_counts', null)
        : stored('statistics_board_counts', sql<SqlBool>`jobboard_id = ${board}`);
    if (scope.offerIds === null) {
      // Every offer (but the excepted ones, and offer 0's without spontaneous applications): all
      // sums less theirs.
      const less = [...(scope.spontaneous ? [] : [0]), ...(scope.except ?? [])];
      return less.length ? sql`${all} union all ${offers(less, -1)}` : all;
    }
    if (scope.groups) return keys(scope.groups);
    const ids = scope.spontaneous ? [...scope.offerIds, 0] : scope.offerIds;
    if (ids.length > this.largeFrom) {
      // Many offers (a scoped user, a recruiter, filters combined): the fewest keys among their
      // own sums, all sums less the other offers', or the sums of the projects they hold whole
      // plus their other offers'.
      const every = await this.db
        .selectFrom('offers')
        .select(['id', 'project_id'])
        .where('company_id', '=', company)
        .execute();
      const kept = new Set(ids);
      const others = [0, ...every.map((o) => o.id)].filter((id) => !kept.has(id));
      const byProject = new Map<number, number[]>();
      for (const o of every) {
        const of = byProject.get(o.project_id);
        if (of) of.push(o.id);
        else byProject.set(o.project_id, [o.id]);
      }
      const projects: number[] = [];
      const rest = scope.spontaneous ? [0] : [];
      for (const [project, of] of byProject) {
        const mine = of.filter((id) => kept.has(id));
        if (mine.length === of.length) projects.push(project);
        else rest.push(...mine);
      }
      const grouped = projects.length + rest.length;
      if (others.length < Math.min(ids.length, grouped))
        return sql`${all} union all ${offers(others, -1)}`;
      if (grouped < ids.length && projects.length) {
        const groups = keys(projects.map((id) => `p:${id}`));
        return rest.length ? sql`${groups} union all ${offers(rest)}` : groups;
      }
    }
    return offers(ids);
  }

  /** The company's offers under the filters. */
  async offerIds(companyId: number, f: OfferFilter): Promise<number[]> {
    const rows = await this.db
      .selectFrom('offers')
      .select('offers.id')
      .where('offers.company_id', '=', companyId)
      .where(this.matching(companyId, f))
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * The company's offers under the filters, told by the smaller side: their ids, or (when they are
   * most of the company's offers) the ids of the others. Two reads of the company's offers by its
   * index, each answering counts or the smaller list, never the 20,000 ids of a recruiter of all.
   */
  async offerSet(
    companyId: number,
    f: OfferFilter,
  ): Promise<{ ids: number[] } | { except: number[] }> {
    const matching = this.matching(companyId, f);
    const counts = await this.db
      .selectFrom('offers')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.count<number>(eb.case().when(matching).then(1).end()).as('matched'),
      ])
      .where('offers.company_id', '=', companyId)
      .executeTakeFirst();
    const total = num(counts?.total);
    const matched = num(counts?.matched);
    if (matched * 2 <= total) return { ids: await this.offerIds(companyId, f) };
    const others = await this.db
      .selectFrom('offers')
      .select('offers.id')
      .where('offers.company_id', '=', companyId)
      .where((eb) => eb.not(matching))
      .execute();
    return { except: others.map((r) => r.id) };
  }

  /**
   * Whether an offer passes the filters: never null (an offer with no creator is simply not the
   * recruiter's), so that its negation is the exact complement. A recruiter's offers are those
   * they created or are granted, one indexed subquery each, read once (not per offer).
   */
  private matching(companyId: number, f: OfferFilter): Expression<SqlBool> {
    const parts: Expression<SqlBool>[] = [];
    if (f.projectIds) parts.push(inIds(this.dialect, sql.ref('offers.project_id'), f.projectIds));
    if (f.offerId !== undefined) parts.push(sql<SqlBool>`offers.id = ${f.offerId}`);
    if (f.subsidiaryId !== undefined)
      parts.push(sql<SqlBool>`coalesce(offers.subsidiary_id = ${f.subsidiaryId}, false)`);
    if (f.contractType !== undefined)
      parts.push(sql<SqlBool>`coalesce(offers.contract_type = ${f.contractType}, false)`);
    if (f.recruiterId !== undefined) {
      const user = f.recruiterId;
      parts.push(
        sql<SqlBool>`offers.id in (select id from offers where company_id = ${companyId} and created_by = ${user}
          union select offer_id from offer_users where user_id = ${user} and company_id = ${companyId})`,
      );
    }
    return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`1 = 1`;
  }

  /** Offers now (open, published, in alert) and created / archived between two instants. */
  async offers(
    scope: StatScope,
    window: { cutoff: string; today: string; soon: string },
    periods: { from: string; to: string }[],
  ) {
    const base = () => {
      let q = this.db.selectFrom('offers').where('offers.company_id', '=', scope.companyId);
      if (scope.offerIds) q = q.where(inIds(this.dialect, sql.ref('offers.id'), scope.offerIds));
      else if (scope.except?.length)
        q = q.where((eb) => eb.not(inIds(this.dialect, sql.ref('offers.id'), scope.except!)));
      return q;
    };
    const now = await base()
      .leftJoin('offer_counters', 'offer_counters.offer_id', 'offers.id')
      .select((eb) => [
        eb.fn.countAll<number>().as('open'),
        eb.fn.count<number>(sql`case when offers.status = 'published' then 1 end`).as('published'),
        eb.fn
          .count<number>(
            sql`case when (offer_counters.oldest_new_at is not null and offer_counters.oldest_new_at <= ${window.cutoff})
              or (offers.closing_date >= ${window.today} and offers.closing_date <= ${window.soon}) then 1 end`,
          )
          .as('in_alert'),
      ])
      .where('offers.archived', '=', false)
      .executeTakeFirst();
    const inPeriods = await Promise.all(
      periods.map(async (p) => {
        const created = await base()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('offers.created_at', '>=', p.from)
          .where('offers.created_at', '<', p.to)
          .executeTakeFirst();
        const archived = await base()
          .select((eb) => ['offers.archived_reason', eb.fn.countAll<number>().as('n')])
          .where('offers.archived', '=', true)
          .where('offers.archived_at', '>=', p.from)
          .where('offers.archived_at', '<', p.to)
          .groupBy('offers.archived_reason')
          .execute();
        return {
          created: num(created?.n),
          archived: archived.map((a) => ({ reason: a.archived_reason, count: num(a.n) })),
        };
      }),
    );
    return {
      open: num(now?.open),
      published: num(now?.published),
      in_alert: num(now?.in_alert),
      periods: inPeriods,
    };
  }

  async alertDelayDays(companyId: number): Promise<number> {
    const row = await this.db
      .selectFrom('companies')
      .select('alert_delay_days')
      .where('id', '=', companyId)
      .executeTakeFirst();
    return row?.alert_delay_days ?? 7;
  }

  async timeZone(companyId: number): Promise<string> {
    const row = await this.db
      .selectFrom('companies')
      .select('time_zone')
      .where('id', '=', companyId)
      .executeTakeFirst();
    return row?.time_zone || 'Europe/Paris';
  }

  /**
   * Comments and e-mails of the feed per author, SMS sent and appointments per user, between two
   * instants (the feed's entries on the scope's offers when it has some; SMS and appointments of
   * the whole company).
   */
  async activity(scope: StatScope, from: string, to: string) {
    let feed = this.db
      .selectFrom('activity_feed_entries')
      .select((eb) => ['author_user_id', 'kind', eb.fn.countAll<number>().as('n')])
      .where('company_id', '=', scope.companyId)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .where('kind', 'in', ['comment', 'mail_sent'])
      .where('author_user_id', 'is not', null);
    if (scope.offerIds) feed = feed.where(inIds(this.dialect, sql.ref('offer_id'), scope.offerIds));
    else if (scope.except) {
      const except = scope.except;
      feed = feed
        .where('offer_id', 'is not', null)
        .where((eb) => eb.not(inIds(this.dialect, sql.ref('offer_id'), except)));
    }
    const [entries, sms, appointments] = await Promise.all([
      feed.groupBy(['author_user_id', 'kind']).execute(),
      this.db
        .selectFrom('sms_messages')
        .select((eb) => ['user_id', eb.fn.countAll<number>().as('n')])
        .where('company_id', '=', scope.companyId)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .where('direction', '=', 'outbound')
        .where('user_id', 'is not', null)
        .groupBy('user_id')
        .execute(),
      // Appointments the user takes part in (the planner's interviewers), not cancelled.
      this.db
        .selectFrom('appointment_interviewers')
        .select((eb) => ['user_id', eb.fn.countAll<number>().as('n')])
        .where('company_id', '=', scope.companyId)
        .where('start_at', '>=', from)
        .where('start_at', '<', to)
        .where('cancelled', '=', false)
        .groupBy('user_id')
        .execute(),
    ]);
    return {
      comments: new Map(
        entries.filter((e) => e.kind === 'comment').map((e) => [e.author_user_id!, num(e.n)]),
      ),
      emails: new Map(
        entries.filter((e) => e.kind === 'mail_sent').map((e) => [e.author_user_id!, num(e.n)]),
      ),
      sms: new Map(sms.map((s) => [s.user_id!, num(s.n)])),
      appointments: new Map(appointments.map((a) => [a.user_id, num(a.n)])),
    };
  }

  /** The company's users by id (names of the activity's rows and the recruiter filter). */
  async users(companyId: number, activeOnly: boolean) {
    let q = this.db
      .selectFrom('users')
      .select(['id', 'firstname', 'lastname'])
      .where('company_id', '=', companyId);
    if (activeOnly) q = q.where('active', '=', true);
    return q.orderBy('lastname').orderBy('firstname').execute();
  }

  async contractTypes(companyId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('offers')
      .select('contract_type')
      .distinct()
      .where('company_id', '=', companyId)
      .where('contract_type', 'is not', null)
      .orderBy('contract_type')
      .execute();
    return rows.map((r) => r.contract_type!);
  }

  /** The job boards of the catalogue (the sources' names), enabled for the company. */
  async jobBoards(companyId: number) {
    return this.db
      .selectFrom('job_boards')
      .leftJoin('company_job_boards as c', (join) =>
        join.onRef('c.job_board_id', '=', 'job_boards.id').on('c.company_id', '=', companyId),
      )
      .select(['job_boards.id', 'job_boards.name', 'c.enabled'])
      .orderBy('job_boards.name')
      .execute();
  }
}
