import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZStatisticsActivityReport,
  ZStatisticsFunnelReport,
  ZStatisticsOffersReport,
  ZStatisticsOptions,
  ZStatisticsQuery,
  ZStatisticsSourcesReport,
  ZStatisticsTimesReport,
  ZStatisticsVolumeReport,
  type TStatisticsReport,
} from '@embauche/contracts/statistics';
import type { ZodType } from 'zod';
import { requireAccess } from '../../platform/auth/access.ts';
import type { StatisticsService } from './statistics.service.ts';

const REPORTS: Record<TStatisticsReport, ZodType> = {
  funnel: ZStatisticsFunnelReport,
  times: ZStatisticsTimesReport,
  sources: ZStatisticsSourcesReport,
  volume: ZStatisticsVolumeReport,
  offers: ZStatisticsOffersReport,
  activity: ZStatisticsActivityReport,
};

/** Recruitment statistics (contracts/statistics.ts): `statistics.access`, GET only. */
export function statisticsRoutes(service: StatisticsService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'statistics.access' } as const;
    app.get(
      '/statistics/options',
      { config, schema: { response: { 200: ZStatisticsOptions } } },
      async (request) => service.options(requireAccess(request)),
    );
    for (const [kind, response] of Object.entries(REPORTS) as [TStatisticsReport, ZodType][]) {
      app.get(
        `/statistics/${kind}`,
        { config, schema: { querystring: ZStatisticsQuery, response: { 200: response } } },
        async (request) => service.report(requireAccess(request), kind, request.query),
      );
    }
  };
}
