import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Dialect } from '../../platform/db/database.ts';
import { inIds } from '../../platform/db/id-list.ts';
import type { DB } from '../../platform/db/schema.ts';
import { statisticsCountsSelect, type HistoryScope } from '../../platform/db/statistics-counts.ts';
import type { DayCount } from './statistics-fold.ts';

/** Which offers count: the company's, maybe some (null: all), with or without spontaneous ones. */
export type StatScope = {
  companyId: number;
  /** null: every offer (and the daily sums may answer when `jobboard` and spontaneous allow). */
  offerIds: number[] | null;
  spontaneous: boolean;
  jobboard?: number | 'none';
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
  ) {}

  /** Whether the company-wide daily sums answer for this scope (no filter of offers or boards). */
  private whole(scope: StatScope) {
    return scope.offerIds === null && scope.spontaneous && scope.jobboard === undefined;
  }

  /**
   * The daily sums of `metrics` over `days`: summed over the period (`perDay` false) or per day.
   * From `statistics_counts` for the whole company, else computed from the history under the scope.
   */
  async counts(
    scope: StatScope,
    days: [number, number],
    metrics: number[],
    perDay: boolean,
  ): Promise<DayCount[]> {
    const day = perDay ? sql`day` : sql`0`;
    const groupDay = perDay ? sql`day, ` : sql``;
    const stored = sql`select day, metric, a, b, n, total from statistics_counts
        where company_id = ${scope.companyId} and day between ${days[0]} and ${days[1]}
        and metric in (${sql.join(metrics)})`;
    let source;
    if (this.whole(scope)) source = stored;
    else if (scope.offerIds === null && scope.jobboard === undefined) {
      // Every offer but no spontaneous application: the company's sums less the spontaneous
      // ones (few, read from the history by offer_id null).
      const spontaneous = statisticsCountsSelect(
        this.dialect,
        { companyId: scope.companyId, onlySpontaneous: true, days },
        metrics,
      );
      source = sql`${stored} union all
        select day, metric, a, b, -n as n, -total as total from (${spontaneous}) sp`;
    } else {
      const history: HistoryScope = {
        companyId: scope.companyId,
        offerIds: scope.offerIds,
        spontaneous: scope.spontaneous,
        days,
        ...(scope.jobboard !== undefined ? { jobboard: scope.jobboard } : {}),
      };
      source = statisticsCountsSelect(this.dialect, history, metrics);
    }
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

  private historyScope(scope: StatScope): Expression<SqlBool>[] {
    const where: Expression<SqlBool>[] = [sql<SqlBool>`company_id = ${scope.companyId}`];
    if (scope.offerIds) {
      const on = inIds(this.dialect, sql.ref('offer_id'), scope.offerIds);
      where.push(scope.spontaneous ? sql<SqlBool>`(${on} or offer_id is null)` : on);
    } else if (!scope.spontaneous) where.push(sql<SqlBool>`offer_id is not null`);
    if (scope.jobboard === 'none') where.push(sql<SqlBool>`jobboard_id is null`);
    else if (scope.jobboard !== undefined)
      where.push(sql<SqlBool>`jobboard_id = ${scope.jobboard}`);
    return where;
  }

  /** The company's offers under the filters (the ids the history is read for). */
  async offerIds(companyId: number, f: OfferFilter): Promise<number[]> {
    let q = this.db
      .selectFrom('offers')
      .select('offers.id')
      .where('offers.company_id', '=', companyId);
    if (f.projectIds) q = q.where(inIds(this.dialect, sql.ref('offers.project_id'), f.projectIds));
    if (f.offerId !== undefined) q = q.where('offers.id', '=', f.offerId);
    if (f.subsidiaryId !== undefined) q = q.where('offers.subsidiary_id', '=', f.subsidiaryId);
    if (f.contractType !== undefined) q = q.where('offers.contract_type', '=', f.contractType);
    if (f.recruiterId !== undefined) {
      const user = f.recruiterId;
      q = q.where((eb) =>
        eb.or([
          eb('offers.created_by', '=', user),
          eb.exists(
            eb
              .selectFrom('offer_users')
              .select('offer_users.offer_id')
              .whereRef('offer_users.offer_id', '=', 'offers.id')
              .where('offer_users.user_id', '=', user),
          ),
        ]),
      );
    }
    return (await q.execute()).map((r) => r.id);
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
