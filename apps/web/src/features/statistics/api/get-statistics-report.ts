import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  TStatisticsActivityReport,
  TStatisticsFunnelReport,
  TStatisticsOffersReport,
  TStatisticsQueryInput,
  TStatisticsSourcesReport,
  TStatisticsTimesReport,
  TStatisticsVolumeReport,
} from '@embauche/contracts/statistics';
import { api } from '../../../lib/api-client.ts';
import type { StatisticsFilters } from '../hooks/use-statistics-params.ts';
import type { DayRange } from '../lib/statistics-range.ts';
import { statisticsReportKey } from './statistics-keys.ts';

/** What each `GET /statistics/{kind}` answers. */
export type StatisticsReports = {
  funnel: TStatisticsFunnelReport;
  times: TStatisticsTimesReport;
  sources: TStatisticsSourcesReport;
  volume: TStatisticsVolumeReport;
  offers: TStatisticsOffersReport;
  activity: TStatisticsActivityReport;
};
export type StatisticsReportKind = keyof StatisticsReports;

/** The query string every report takes: the days, the previous period, the filters. */
export function statisticsQuery(
  range: DayRange,
  filters: StatisticsFilters,
): TStatisticsQueryInput {
  return {
    from: range.from,
    to: range.to,
    compare: '1',
    ...(filters.project !== null ? { project_id: filters.project } : {}),
    ...(filters.offer !== null ? { offer_id: filters.offer } : {}),
    ...(filters.subsidiary !== null ? { subsidiary_id: filters.subsidiary } : {}),
    ...(filters.recruiter !== null ? { recruiter_id: filters.recruiter } : {}),
    ...(filters.source !== null ? { source: filters.source } : {}),
    ...(filters.contract !== null ? { contract_type: filters.contract } : {}),
  };
}

/**
 * `GET /statistics/{kind}?from&to&compare=1&project_id&offer_id&subsidiary_id&recruiter_id&source&contract_type`:
 * one report of the page with the period before it for the comparison arrows.
 */
export function getStatisticsReport<K extends StatisticsReportKind>(
  kind: K,
  query: TStatisticsQueryInput,
  signal?: AbortSignal,
): Promise<StatisticsReports[K]> {
  return api.get<StatisticsReports[K]>(`/statistics/${kind}`, {
    signal,
    query: query as Record<string, string | number | boolean | undefined>,
  });
}

export function statisticsReportQueryOptions<K extends StatisticsReportKind>(
  kind: K,
  query: TStatisticsQueryInput,
) {
  return queryOptions({
    queryKey: [...statisticsReportKey(kind), query] as const,
    queryFn: ({ signal }) => getStatisticsReport(kind, query, signal),
    // Figures of past days move slowly: a minute before asking again.
    staleTime: 60 * 1000,
  });
}

/** One report; the previous figures stay on screen (dimmed) while a new range or filter loads. */
export function useStatisticsReport<K extends StatisticsReportKind>(
  kind: K,
  query: TStatisticsQueryInput,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    ...statisticsReportQueryOptions(kind, query),
    placeholderData: keepPreviousData,
    enabled,
  });
}
