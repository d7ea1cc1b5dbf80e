import { HttpSummaryProvider } from '../../platform/ai/http-summary-provider.ts';
import { LocalSummaryProvider } from '../../platform/ai/local-summary-provider.ts';
import type { SummaryProvider } from '../../platform/ai/summary-provider.ts';
import type { Config } from '../../platform/config/config.ts';
import { defineModule } from '../../platform/modules/app-module.ts';
import { ApplicationsRepository } from './applications.repository.ts';
import { applicationsRoutes } from './applications.routes.ts';
import { ApplicationsService } from './applications.service.ts';
import { PipelineRepository } from './pipeline.repository.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    applications: ApplicationsService;
  }
}

/** Applications: lists, kanban, treatment, status changes, manual applicants and AI summaries. */
export const applicationsModule = defineModule({
  name: 'applications',
  async register({ app, config, database, uploads, summarizer, services }) {
    const service = new ApplicationsService(
      new ApplicationsRepository(database.db, database.dialect),
      new PipelineRepository(database.db),
      services.get('applicants'),
      services.get('offers'),
      summarizer ?? summaryProvider(config),
      // The feed's module comes later in app.ts: looked up when an event happens.
      () => services.get('activityFeed'),
      () => services.get('notifications'),
    );
    services.provide('applications', service);
    await app.register(applicationsRoutes(service, uploads), { prefix: '/api' });
  },
});

/** An AI endpoint when one is configured, the offline summariser otherwise. */
function summaryProvider({ ai }: Config): SummaryProvider {
  return ai.baseUrl
    ? new HttpSummaryProvider({ baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: ai.model })
    : new LocalSummaryProvider();
}
