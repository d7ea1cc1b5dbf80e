import { defineModule } from '../../platform/modules/app-module.ts';
import { CompanySettingsRepository } from './company-settings.repository.ts';
import { companySettingsRoutes } from './company-settings.routes.ts';
import { CompanySettingsService } from './company-settings.service.ts';
import {
  OFFER_EXPORT_JOB,
  OfferExportJobsService,
  type OfferExportJobPayload,
} from './offer-export-jobs.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    companySettings: CompanySettingsService;
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
  async register({ app, database, files, worker, services }) {
    const repo = new CompanySettingsRepository(database.db);
    const service = new CompanySettingsService(repo, files, services.get('audit'));
    services.provide('companySettings', service);
    const exportsService = new OfferExportJobsService(
      repo,
      files,
      services.get('audit'),
      () => services.get('offerExport'),
      (companyId) => service.timeZone(companyId),
    );
    worker.register<OfferExportJobPayload>(OFFER_EXPORT_JOB, (payload, job) =>
      exportsService.run(payload, job),
    );
    await app.register(companySettingsRoutes(service, exportsService), { prefix: '/api' });
  },
});
