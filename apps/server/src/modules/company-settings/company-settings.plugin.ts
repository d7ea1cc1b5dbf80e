import { defineModule } from '../../platform/modules/app-module.ts';
import { CompanySettingsRepository } from './company-settings.repository.ts';
import { companySettingsRoutes } from './company-settings.routes.ts';
import { CompanySettingsService } from './company-settings.service.ts';
import { OfferExportSchedulesRepository } from './offer-export-schedules.repository.ts';
import { offerExportSchedulesRoutes } from './offer-export-schedules.routes.ts';
import { OfferExportSchedulesService } from './offer-export-schedules.service.ts';
import {
  OFFER_EXPORT_JOB,
  OfferExportJobsService,
  type OfferExportJobPayload,
} from './offer-export-jobs.service.ts';

/** How often a worker looks for due export schedules (runs start on the hour, within this). */
const SCHEDULE_TICK_MS = 30_000;

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    companySettings: CompanySettingsService;
    /** Scheduled offer exports (their tick is a recurring task of the worker). */
    offerExportSchedules: OfferExportSchedulesService;
  }
}

/**
 * The company's own settings (issue 17, contracts/company-settings.ts): identity and logo, plan,
 * company description, NonDiscrimination offer parameters (the offers module checks offers with
 * them) and the offer export screen. Listed before the offers module, which uses its service; the
 * export resolves the offers' exporter when a job runs.
 */
export const companySettingsModule = defineModule({
  name: 'company-settings',
  async register({ app, config, database, files, worker, services }) {
    const repo = new CompanySettingsRepository(database.db);
    const schedulesRepo = new OfferExportSchedulesRepository(database.db);
    const service: CompanySettingsService = new CompanySettingsService(
      repo,
      files,
      services.get('audit'),
      (id, zone, trx): Promise<void> => schedules.rezone(id, zone, trx),
    );
    services.provide('companySettings', service);
    const schedules: OfferExportSchedulesService = new OfferExportSchedulesService(
      schedulesRepo,
      (companyId) => service.timeZone(companyId),
      config.publicUrl ?? `http://localhost:${config.port}`,
      services.get('audit'),
    );
    services.provide('offerExportSchedules', schedules);
    const exportsService = new OfferExportJobsService(
      repo,
      files,
      services.get('audit'),
      () => services.get('offerExport'),
      (companyId) => service.timeZone(companyId),
      (companyId, exportId, filename) => schedules.mailsFor(companyId, exportId, filename),
    );
    // Due schedules become exports; the compare-and-set in the tick keeps one run per due time.
    worker.every('offer-export-schedules', SCHEDULE_TICK_MS, (now) => schedules.tick(now));
    worker.register<OfferExportJobPayload>(OFFER_EXPORT_JOB, (payload, job) =>
      exportsService.run(payload, job),
    );
    await app.register(companySettingsRoutes(service, exportsService), { prefix: '/api' });
    await app.register(offerExportSchedulesRoutes(schedules), { prefix: '/api' });
  },
});
