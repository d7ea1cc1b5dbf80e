import { defineModule } from '../../platform/modules/app-module.ts';
import { StatisticsRepository } from './statistics.repository.ts';
import { statisticsRoutes } from './statistics.routes.ts';
import { StatisticsService } from './statistics.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    /** Recruitment statistics (issue 40). */
    statistics: StatisticsService;
  }
}

/**
 * Recruitment statistics (issue 40, contracts/statistics.ts, docs/statistics.md): funnel, times,
 * sources, volume, offers and activity over the company's days, from the status history and its
 * daily sums (platform/db/status-history.ts). Comes after the projects, offers, workflows and
 * applications modules (who sees what, the statuses' names).
 */
export const statisticsModule = defineModule({
  name: 'statistics',
  async register({ app, database, services }) {
    const repo = new StatisticsRepository(database.db, database.dialect);
    const service = new StatisticsService(
      repo,
      services.get('projects'),
      services.get('offers'),
      services.get('applications'),
      services.get('workflows'),
    );
    services.provide('statistics', service);
    await app.register(statisticsRoutes(service), { prefix: '/api' });
  },
});
