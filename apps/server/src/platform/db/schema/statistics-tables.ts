import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types.ts';

/**
 * Every status an application took (migration 0055, status-history.ts): its arrival (from null)
 * and each change, written in the change's transaction. Days are the company's calendar days
 * (days since 1970-01-01 of its time zone) when the row was written.
 */
export interface ApplicationStatusHistoryTable {
  id: Generated<number>;
  company_id: number;
  application_id: number;
  offer_id: number | null;
  jobboard_id: number | null;
  /** null: the application's arrival. */
  from_status_id: number | null;
  to_status_id: number;
  motif_id: number | null;
  /** The user who changed it (null: the career site, an import, the system). */
  actor_id: number | null;
  changed_at: Timestamp;
  changed_day: number;
  /** The application's arrival and its day. */
  applied_at: Timestamp;
  applied_day: number;
  /** Seconds from the arrival to this change. */
  elapsed_s: number;
  /** Seconds spent in `from_status_id` (null on the arrival). */
  in_status_s: number | null;
  /** 1 the first time the application reaches `to_status_id`. */
  first_reach: number;
  /** 1 the first time it reaches a phone interview or an interview. */
  first_interview: number;
  /** On the offer's first hire: seconds from the offer's publication (else creation). */
  fill_s: number | null;
}

/** Daily sums of the history per company (migration 0056, status-history.ts: STAT_METRICS). */
export interface StatisticsCountsTable {
  company_id: number;
  day: number;
  metric: number;
  a: number;
  b: number;
  n: ColumnType<number | string, number, number>;
  total: ColumnType<number | string, number, number>;
}

/** The same daily sums per offer (0: spontaneous applications; migration 0061). */
export interface StatisticsOfferCountsTable extends StatisticsCountsTable {
  offer_id: number;
}

/** The same daily sums per job board (0: none; migration 0061). */
export interface StatisticsBoardCountsTable extends StatisticsCountsTable {
  jobboard_id: number;
}

/** The same daily sums per group of offers (`p:<project>`, `s:<subsidiary>`, `c:<contract>`; 0061). */
export interface StatisticsGroupCountsTable extends StatisticsCountsTable {
  grp: string;
}

export interface StatisticsTables {
  application_status_history: ApplicationStatusHistoryTable;
  statistics_counts: StatisticsCountsTable;
  statistics_offer_counts: StatisticsOfferCountsTable;
  statistics_board_counts: StatisticsBoardCountsTable;
  statistics_group_counts: StatisticsGroupCountsTable;
}
