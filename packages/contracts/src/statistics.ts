/**
 * Recruitment statistics (issue 40; spec sections 1, 2, 6, 9): figures over a date range of the
 * company's time zone, for the applications and offers the user sees. Every path is under
 * `/api/statistics`, every route needs `statistics.access`, every call is a GET whose query
 * string is ZStatisticsQuery (the same for all of them):
 *
 *   GET /api/statistics/funnel   → ZStatisticsFunnelReport   applications that arrived in the range
 *        and the statuses of the workflow they reached, conversion between steps, refusals and
 *        withdrawals by motif at the step they left
 *   GET /api/statistics/times    → ZStatisticsTimesReport    time to hire and to fill (median,
 *        90th percentile), average time spent in each status
 *   GET /api/statistics/sources  → ZStatisticsSourcesReport  per job board (or none): applications,
 *        interviews, hires, conversion, cost per hire (null: postings carry no cost yet)
 *   GET /api/statistics/volume   → ZStatisticsVolumeReport   applications, hires, refusals per day,
 *        week (ISO, Monday) or month of the company's time zone
 *   GET /api/statistics/offers   → ZStatisticsOffersReport   open, published, archived by reason,
 *        in alert (now, under the filters), and offers created / archived in the range
 *   GET /api/statistics/activity → ZStatisticsActivityReport per user: status changes, comments,
 *        e-mails and SMS sent, appointments taken part in
 *   GET /api/statistics/options  → ZStatisticsOptions        what the filters offer (contract types,
 *        job boards, recruiters) and the company's time zone; takes no query
 *
 * Range: `from` and `to` are days (yyyy-MM-dd, both included) of the company's time zone; at most
 * STATISTICS_MAX_DAYS days. `compare=1` adds `previous`: the same figures for the period of the
 * same length just before `from`. Filters (all optional, combined with AND): `project_id` (a project
 * or a folder with all its sub-projects), `offer_id`, `subsidiary_id` (the offer's), `recruiter_id`
 * (offers the user created or is granted), `source` (a job board id, or `none`: no job board),
 * `contract_type`. A project filter leaves spontaneous applications out. A project or offer of
 * another company, or one the user does not see, answers 404.
 *
 * 422 codes: `from|to: invalid` (not a day), `to: before_from`, `to: max_days:731`,
 * `granularity: invalid`, `source: invalid`.
 *
 * Status and motif names come as stored: `default_status` / `default_motif` true means a key of
 * `config:status:statuses.{name}` / `config:status:motifs.{name}`; `label` is the company's own
 * name for it (null: translate `name`).
 */
import { z } from 'zod';
import { ZIdParam } from './ids.ts';

export const STATISTICS_MAX_DAYS = 731;
export const STATISTICS_GRANULARITIES = ['day', 'week', 'month'] as const;
export type TStatisticsGranularity = (typeof STATISTICS_GRANULARITIES)[number];
/** The report kinds, each at `/api/statistics/{kind}`. */
export const STATISTICS_REPORTS = [
  'funnel',
  'times',
  'sources',
  'volume',
  'offers',
  'activity',
] as const;
export type TStatisticsReport = (typeof STATISTICS_REPORTS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = z
  .string({ error: 'invalid' })
  .regex(DAY, 'invalid')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && isRealDay(v), 'invalid');

function isRealDay(v: string) {
  const d = new Date(`${v}T00:00:00Z`);
  return d.toISOString().slice(0, 10) === v;
}

/** Days from `from` to `to`, both included (1 for the same day). */
export function statisticsRangeDays(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** The volume's default granularity for a range: days up to 31 days, weeks up to 182, else months. */
export function defaultGranularity(days: number): TStatisticsGranularity {
  return days <= 31 ? 'day' : days <= 182 ? 'week' : 'month';
}

const flag = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true');

export const ZStatisticsQuery = z
  .object({
    from: day,
    to: day,
    compare: flag.optional().default(false),
    /** The volume's buckets; absent: defaultGranularity of the range. Other reports ignore it. */
    granularity: z.enum(STATISTICS_GRANULARITIES, { error: 'invalid' }).optional(),
    project_id: ZIdParam.optional(),
    offer_id: ZIdParam.optional(),
    subsidiary_id: ZIdParam.optional(),
    recruiter_id: ZIdParam.optional(),
    /** A job board id, or `none` for applications without one. */
    source: z.union([z.literal('none'), ZIdParam], { error: 'invalid' }).optional(),
    contract_type: z.string().trim().min(1).max(100).optional(),
  })
  .superRefine((q, ctx) => {
    if (!DAY.test(q.from) || !DAY.test(q.to)) return;
    const days = statisticsRangeDays(q.from, q.to);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'before_from' });
    else if (days > STATISTICS_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `max_days:${STATISTICS_MAX_DAYS}` });
  });
export type TStatisticsQuery = z.infer<typeof ZStatisticsQuery>;
/** What the page puts in the query string (strings or numbers). */
export type TStatisticsQueryInput = z.input<typeof ZStatisticsQuery>;

/** The period a set of figures covers (days of the company's time zone, both included). */
export const ZStatisticsPeriod = z.object({ from: z.string(), to: z.string() });
export type TStatisticsPeriod = z.infer<typeof ZStatisticsPeriod>;

export const ZStatisticsStatus = z.object({
  id: z.number().int(),
  name: z.string(),
  default_status: z.boolean(),
  label: z.string().nullable(),
  color: z.string().nullable(),
});
export type TStatisticsStatus = z.infer<typeof ZStatisticsStatus>;

export const ZStatisticsMotif = z.object({
  /** null: left without a motif. */
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  default_motif: z.boolean(),
  label: z.string().nullable(),
});
export type TStatisticsMotif = z.infer<typeof ZStatisticsMotif>;

/** Refusals or withdrawals from one step, by motif. */
export const ZStatisticsExit = z.object({
  kind: z.enum(['refused', 'withdrawn']),
  motif: ZStatisticsMotif,
  count: z.number().int(),
});
export type TStatisticsExit = z.infer<typeof ZStatisticsExit>;

export const ZStatisticsFunnelStep = z.object({
  status: ZStatisticsStatus,
  /** Applications of the range that reached this status at least once (a status reached twice counts once). */
  reached: z.number().int(),
  /** reached / the previous step's reached (0..1); null on the first step or after a step of 0. */
  conversion: z.number().nullable(),
  /** reached / applications (0..1); null without applications. */
  share: z.number().nullable(),
  /** Applications that were refused or withdrew while at this step. */
  exits: z.array(ZStatisticsExit),
});
export type TStatisticsFunnelStep = z.infer<typeof ZStatisticsFunnelStep>;

export const ZStatisticsFunnel = z.object({
  period: ZStatisticsPeriod,
  /** Applications that arrived in the period (their creation day). */
  applications: z.number().int(),
  /** The workflow's steps in order (refused and withdrawn are exits, not steps). */
  steps: z.array(ZStatisticsFunnelStep),
  /** Applications of the period refused / withdrawn at least once. */
  refused: z.number().int(),
  withdrawn: z.number().int(),
});
export type TStatisticsFunnel = z.infer<typeof ZStatisticsFunnel>;

export const ZStatisticsFunnelReport = z.object({
  current: ZStatisticsFunnel,
  previous: ZStatisticsFunnel.nullable(),
});
export type TStatisticsFunnelReport = z.infer<typeof ZStatisticsFunnelReport>;

/** Durations in days (decimals); null when nothing was measured. */
export const ZStatisticsDuration = z.object({
  count: z.number().int(),
  median_days: z.number().nullable(),
  p90_days: z.number().nullable(),
});
export type TStatisticsDuration = z.infer<typeof ZStatisticsDuration>;

export const ZStatisticsTimes = z.object({
  period: ZStatisticsPeriod,
  /** Hires in the period: from the application's arrival to its recruited status. */
  time_to_hire: ZStatisticsDuration,
  /** Offers whose first hire is in the period: from its publication (else creation) to that hire. */
  time_to_fill: ZStatisticsDuration,
  /** Per status left in the period: how long applications stayed in it on average. */
  in_status: z.array(
    z.object({
      status: ZStatisticsStatus,
      count: z.number().int(),
      average_days: z.number().nullable(),
    }),
  ),
});
export type TStatisticsTimes = z.infer<typeof ZStatisticsTimes>;

export const ZStatisticsTimesReport = z.object({
  current: ZStatisticsTimes,
  previous: ZStatisticsTimes.nullable(),
});
export type TStatisticsTimesReport = z.infer<typeof ZStatisticsTimesReport>;

export const ZStatisticsSource = z.object({
  /** null: applications without a job board (direct, manual, imports). */
  jobboard_id: z.number().int().nullable(),
  name: z.string().nullable(),
  /** Applications that arrived in the period from this source. */
  applications: z.number().int(),
  /** Of those, how many reached a phone interview or an interview. */
  interviews: z.number().int(),
  /** Of those, how many were recruited. */
  hires: z.number().int(),
  /** hires / applications (0..1), null without applications. */
  conversion: z.number().nullable(),
  /** The cost of the postings on this board / hires; null where postings carry no cost. */
  cost_per_hire: z.number().nullable(),
});
export type TStatisticsSource = z.infer<typeof ZStatisticsSource>;

export const ZStatisticsSources = z.object({
  period: ZStatisticsPeriod,
  /** Applications first, then hires, descending. */
  sources: z.array(ZStatisticsSource),
});
export type TStatisticsSources = z.infer<typeof ZStatisticsSources>;

export const ZStatisticsSourcesReport = z.object({
  current: ZStatisticsSources,
  previous: ZStatisticsSources.nullable(),
});
export type TStatisticsSourcesReport = z.infer<typeof ZStatisticsSourcesReport>;

export const ZStatisticsVolumePoint = z.object({
  /** The bucket's first day (yyyy-MM-dd; a Monday for weeks, the 1st for months), clipped to the period. */
  start: z.string(),
  applications: z.number().int(),
  /** Changes to recruited in the bucket. */
  hires: z.number().int(),
  /** Changes to refused in the bucket. */
  refusals: z.number().int(),
  /** Changes to withdrawn in the bucket. */
  withdrawals: z.number().int(),
});
export type TStatisticsVolumePoint = z.infer<typeof ZStatisticsVolumePoint>;

export const ZStatisticsVolume = z.object({
  period: ZStatisticsPeriod,
  granularity: z.enum(STATISTICS_GRANULARITIES),
  /** Every bucket of the period, empty ones with zeros, in order. */
  points: z.array(ZStatisticsVolumePoint),
  totals: ZStatisticsVolumePoint.omit({ start: true }),
});
export type TStatisticsVolume = z.infer<typeof ZStatisticsVolume>;

export const ZStatisticsVolumeReport = z.object({
  current: ZStatisticsVolume,
  previous: ZStatisticsVolume.nullable(),
});
export type TStatisticsVolumeReport = z.infer<typeof ZStatisticsVolumeReport>;

export const ZStatisticsOffers = z.object({
  period: ZStatisticsPeriod,
  /** Now (whatever the period): offers not archived. */
  open: z.number().int(),
  /** Now: not archived and published. */
  published: z.number().int(),
  /** Now: in alert (ALERT_REASONS of offers.ts). */
  in_alert: z.number().int(),
  /** Offers created in the period. */
  created: z.number().int(),
  /** Offers archived in the period, by reason (ARCHIVE_REASONS of offers.ts; null: none given). */
  archived: z.array(z.object({ reason: z.string().nullable(), count: z.number().int() })),
  archived_total: z.number().int(),
});
export type TStatisticsOffers = z.infer<typeof ZStatisticsOffers>;

export const ZStatisticsOffersReport = z.object({
  current: ZStatisticsOffers,
  previous: ZStatisticsOffers.nullable(),
});
export type TStatisticsOffersReport = z.infer<typeof ZStatisticsOffersReport>;

export const ZStatisticsActivityRow = z.object({
  user_id: z.number().int(),
  name: z.string(),
  status_changes: z.number().int(),
  comments: z.number().int(),
  emails: z.number().int(),
  sms: z.number().int(),
  /** Appointments (not cancelled) starting in the period that the user takes part in; null: not counted. */
  appointments: z.number().int().nullable(),
});
export type TStatisticsActivityRow = z.infer<typeof ZStatisticsActivityRow>;

export const ZStatisticsActivity = z.object({
  period: ZStatisticsPeriod,
  /** Users with any activity in the period, most status changes first (at most 100). */
  users: z.array(ZStatisticsActivityRow),
  totals: ZStatisticsActivityRow.omit({ user_id: true, name: true }),
});
export type TStatisticsActivity = z.infer<typeof ZStatisticsActivity>;

export const ZStatisticsActivityReport = z.object({
  current: ZStatisticsActivity,
  previous: ZStatisticsActivity.nullable(),
});
export type TStatisticsActivityReport = z.infer<typeof ZStatisticsActivityReport>;

export const ZStatisticsOptions = z.object({
  /** The company's time zone: the days of every range are its days. */
  time_zone: z.string(),
  /** Contract types found on the company's offers, sorted. */
  contract_types: z.array(z.string()),
  job_boards: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Users of the company (active ones), by name. */
  recruiters: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TStatisticsOptions = z.infer<typeof ZStatisticsOptions>;
