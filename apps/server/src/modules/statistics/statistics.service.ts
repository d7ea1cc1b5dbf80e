import {
  defaultGranularity,
  type TStatisticsActivity,
  type TStatisticsOffers,
  type TStatisticsOptions,
  type TStatisticsPeriod,
  type TStatisticsQuery,
  type TStatisticsReport,
  type TStatisticsTimes,
} from '@embauche/contracts/statistics';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { dayNumber, dayString, STAT_METRICS } from '../../platform/db/status-history.ts';
import { HttpError, notFound } from '../../platform/http/http-error.ts';
import { wallClock } from '../../platform/time/wall-clock.ts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import type { OffersService } from '../offers/offers.service.ts';
import type { ProjectsService } from '../projects/projects.service.ts';
import type { WorkflowsService } from '../workflows/workflows.service.ts';
import {
  duration,
  funnel,
  inStatus,
  sources,
  statusChangesByUser,
  volume,
  type Names,
} from './statistics-fold.ts';
import type { OfferFilter, StatScope, StatisticsRepository } from './statistics.repository.ts';

const m = STAT_METRICS;
const DAY_MS = 86_400_000;
type Period = { from: number; to: number };

/** The instant (ISO) of midnight starting `day` on the calendar of `timeZone`. */
export function zonedMidnight(timeZone: string, day: number): string {
  const wall = day * DAY_MS;
  const offset = (ms: number) => wallClock(timeZone, ms) - ms;
  const first = offset(wall);
  const second = offset(wall - first);
  return new Date(wall - (second === first ? first : second)).toISOString();
}

const periodOf = (p: Period): TStatisticsPeriod => ({
  from: dayString(p.from),
  to: dayString(p.to),
});

/**
 * Recruitment statistics (issue 40, contracts/statistics.ts, docs/statistics.md): each report
 * over the period and, asked, the one before it, for the applications and offers the user sees
 * under the filters. Each scope reads the daily sums that answer it (the company's, per group of
 * offers, per offer, per job board: StatisticsRepository.counts); offers and a job board at once
 * read the status history through its indexes.
 */
export class StatisticsService {
  constructor(
    private readonly repo: StatisticsRepository,
    private readonly projects: ProjectsService,
    private readonly offers: OffersService,
    private readonly applications: ApplicationsService,
    private readonly workflows: WorkflowsService,
  ) {}

  async options(auth: AuthContext): Promise<TStatisticsOptions> {
    const [timeZone, contractTypes, boards, users] = await Promise.all([
      this.repo.timeZone(auth.companyId),
      this.repo.contractTypes(auth.companyId),
      this.repo.jobBoards(auth.companyId),
      this.repo.users(auth.companyId, true),
    ]);
    return {
      time_zone: timeZone,
      contract_types: contractTypes,
      job_boards: boards
        .filter((b) => b.enabled === null || Boolean(b.enabled))
        .map((b) => ({ id: b.id, name: b.name })),
      recruiters: users.map((u) => ({ id: u.id, name: `${u.firstname} ${u.lastname}`.trim() })),
    };
  }

  /** The applications and offers the user sees under the query's filters (404: a project or offer not theirs). */
  async scope(auth: AuthContext, q: TStatisticsQuery): Promise<StatScope> {
    const sight = await this.applications.sight(auth);
    const filter: OfferFilter = {};
    if (q.project_id !== undefined) {
      const scope = await this.projects.scope(auth);
      if (!scope.forest.byId.has(q.project_id) || !scope.visible.has(q.project_id))
        throw notFound('Project');
      filter.projectIds = scope.forest.subtree(q.project_id);
    }
    if (q.offer_id !== undefined) {
      await this.offers.requireVisibleOffer(auth, 'all', q.offer_id).catch((err: unknown) => {
        throw err instanceof HttpError && err.statusCode === 403 ? notFound('Offer') : err;
      });
      filter.offerId = q.offer_id;
    }
    if (q.subsidiary_id !== undefined) filter.subsidiaryId = q.subsidiary_id;
    if (q.recruiter_id !== undefined) filter.recruiterId = q.recruiter_id;
    if (q.contract_type !== undefined) filter.contractType = q.contract_type;
    let offerIds = sight.offers;
    let spontaneous = sight.spontaneous;
    let groups: string[] | undefined;
    let except: number[] | undefined;
    if (Object.keys(filter).length) {
      spontaneous = false;
      const keys = Object.keys(filter);
      if (offerIds) {
        // A scoped user: the filter's offers among those they see.
        const visible = new Set(offerIds);
        offerIds = (await this.repo.offerIds(auth.companyId, filter)).filter((id) =>
          visible.has(id),
        );
      } else if (
        keys.length === 1 &&
        filter.offerId === undefined &&
        filter.recruiterId === undefined
      ) {
        // One filter of a user who sees every offer: the sums of its groups of offers answer.
        offerIds = await this.repo.offerIds(auth.companyId, filter);
        if (filter.projectIds) groups = filter.projectIds.map((id) => `p:${id}`);
        else if (filter.subsidiaryId !== undefined) groups = [`s:${filter.subsidiaryId}`];
        else groups = [`c:${filter.contractType}`];
      } else {
        // The filter's offers, or every offer but those it leaves when they are fewer.
        const set = await this.repo.offerSet(auth.companyId, filter);
        if ('ids' in set) offerIds = set.ids;
        else {
          offerIds = null;
          except = set.except;
        }
      }
    }
    return {
      companyId: auth.companyId,
      offerIds,
      spontaneous,
      ...(except ? { except } : {}),
      ...(q.source !== undefined ? { jobboard: q.source } : {}),
      ...(groups ? { groups } : {}),
    };
  }

  /** One report: `current` and `previous` (null unless `compare`). */
  async report(auth: AuthContext, kind: TStatisticsReport, q: TStatisticsQuery) {
    const scope = await this.scope(auth, q);
    const current: Period = { from: dayNumber(q.from), to: dayNumber(q.to) };
    const length = current.to - current.from + 1;
    const previous: Period | null = q.compare
      ? { from: current.from - length, to: current.from - 1 }
      : null;
    const periods = previous ? [current, previous] : [current];
    const answers = await this.build(auth, kind, q, scope, periods);
    return { current: answers[0], previous: answers[1] ?? null };
  }

  private async names(auth: AuthContext): Promise<Names> {
    const [statuses, names, boards] = await Promise.all([
      this.workflows.companyStatuses(auth.companyId),
      this.workflows.names(auth.companyId),
      this.repo.jobBoards(auth.companyId),
    ]);
    return {
      statuses: statuses.map((s) => ({
        id: s.id,
        name: s.name,
        default_status: s.default_status,
        label: null,
        color: s.color ?? null,
      })),
      motifs: new Map(
        [...names.motifs].map(([id, mo]) => [
          id,
          { id, name: mo.name, default_motif: mo.default_motif, label: null },
        ]),
      ),
      boards: new Map(boards.map((b) => [b.id, b.name])),
    };
  }

  private async build(
    auth: AuthContext,
    kind: TStatisticsReport,
    q: TStatisticsQuery,
    scope: StatScope,
    periods: Period[],
  ): Promise<unknown[]> {
    const sums = (metrics: number[], perDay = false) =>
      Promise.all(periods.map((p) => this.repo.counts(scope, [p.from, p.to], metrics, perDay)));
    switch (kind) {
      case 'funnel': {
        const [names, rows] = await Promise.all([
          this.names(auth),
          sums([m.SRC_APPLIED, m.REACHED, m.EXIT_REFUSED, m.EXIT_WITHDRAWN]),
        ]);
        return periods.map((p, i) => funnel(periodOf(p), rows[i]!, names));
      }
      case 'times': {
        const [names, rows] = await Promise.all([
          this.names(auth),
          sums([m.IN_STATUS, m.HIRE_DAYS, m.FILL_DAYS]),
        ]);
        return periods.map((p, i): TStatisticsTimes => ({
          period: periodOf(p),
          time_to_hire: duration(rows[i]!, m.HIRE_DAYS),
          time_to_fill: duration(rows[i]!, m.FILL_DAYS),
          in_status: inStatus(rows[i]!, names),
        }));
      }
      case 'sources': {
        const [names, rows] = await Promise.all([
          this.names(auth),
          sums([m.SRC_APPLIED, m.SRC_REACHED]),
        ]);
        return periods.map((p, i) => ({ period: periodOf(p), sources: sources(rows[i]!, names) }));
      }
      case 'volume': {
        const length = periods[0]!.to - periods[0]!.from + 1;
        const granularity = q.granularity ?? defaultGranularity(length);
        const rows = await sums([m.SRC_APPLIED, m.ENTERED], true);
        return periods.map((p, i) => ({
          period: periodOf(p),
          granularity,
          ...volume(p.from, p.to, granularity, rows[i]!),
        }));
      }
      case 'offers':
        return this.offerFigures(scope, periods);
      case 'activity':
        return this.activity(scope, periods);
    }
  }

  private async instants(companyId: number, periods: Period[]) {
    const zone = await this.repo.timeZone(companyId);
    return {
      zone,
      ranges: periods.map((p) => ({
        from: zonedMidnight(zone, p.from),
        to: zonedMidnight(zone, p.to + 1),
      })),
    };
  }

  private async offerFigures(scope: StatScope, periods: Period[]): Promise<TStatisticsOffers[]> {
    const [{ zone, ranges }, delay] = await Promise.all([
      this.instants(scope.companyId, periods),
      this.repo.alertDelayDays(scope.companyId),
    ]);
    const nowMs = Date.now();
    const today = Math.floor(wallClock(zone, nowMs) / DAY_MS);
    const figures = await this.repo.offers(
      scope,
      {
        cutoff: new Date(nowMs - delay * DAY_MS).toISOString(),
        today: dayString(today),
        soon: dayString(today + 7),
      },
      ranges,
    );
    return periods.map((p, i) => {
      const period = figures.periods[i]!;
      return {
        period: periodOf(p),
        open: figures.open,
        published: figures.published,
        in_alert: figures.in_alert,
        created: period.created,
        archived: period.archived.sort((x, y) => y.count - x.count),
        archived_total: period.archived.reduce((s, a) => s + a.count, 0),
      };
    });
  }

  private async activity(scope: StatScope, periods: Period[]): Promise<TStatisticsActivity[]> {
    const [{ ranges }, users, changes] = await Promise.all([
      this.instants(scope.companyId, periods),
      this.repo.users(scope.companyId, false),
      Promise.all(periods.map((p) => this.repo.counts(scope, [p.from, p.to], [m.ACTOR], false))),
    ]);
    const names = new Map(users.map((u) => [u.id, `${u.firstname} ${u.lastname}`.trim()]));
    return Promise.all(
      periods.map(async (p, i) => {
        const other = await this.repo.activity(scope, ranges[i]!.from, ranges[i]!.to);
        const byUser = statusChangesByUser(changes[i]!);
        const ids = new Set([
          ...byUser.keys(),
          ...other.comments.keys(),
          ...other.emails.keys(),
          ...other.sms.keys(),
          ...other.appointments.keys(),
        ]);
        const rows = [...ids]
          .filter((id) => names.has(id))
          .map((id) => ({
            user_id: id,
            name: names.get(id)!,
            status_changes: byUser.get(id) ?? 0,
            comments: other.comments.get(id) ?? 0,
            emails: other.emails.get(id) ?? 0,
            sms: other.sms.get(id) ?? 0,
            appointments: other.appointments.get(id) ?? 0,
          }))
          .sort((x, y) => y.status_changes - x.status_changes || x.name.localeCompare(y.name));
        const totals = { status_changes: 0, comments: 0, emails: 0, sms: 0, appointments: 0 };
        for (const r of rows) {
          totals.status_changes += r.status_changes;
          totals.comments += r.comments;
          totals.emails += r.emails;
          totals.sms += r.sms;
          totals.appointments += r.appointments;
        }
        return { period: periodOf(p), users: rows.slice(0, 100), totals };
      }),
    );
  }
}
