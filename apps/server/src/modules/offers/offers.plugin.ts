import { BulkOperations } from '../../platform/jobs/bulk-operations.ts';
import { defineModule } from '../../platform/modules/app-module.ts';
import { offerActionsRoutes } from './offer-actions.routes.ts';
import { offerExportRoutes } from './offer-export.routes.ts';
import { OfferExportService } from './offer-export.service.ts';
import { OfferExtrasService } from './offer-extras.service.ts';
import { OfferListRepository } from './offer-list.repository.ts';
import { OfferSelectionService } from './offer-selection.service.ts';
import { OffersRepository } from './offers.repository.ts';
import { offersRoutes } from './offers.routes.ts';
import { OffersService } from './offers.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    offers: OffersService;
    offerExport: OfferExportService;
  }
}

/** Job offers: list, form, actions, job boards and exports. */
export const offersModule = defineModule({
  name: 'offers',
  async register({ app, database, services, worker }) {
    const { db } = database;
    const repository = new OffersRepository(db, database.dialect);
    const service = new OffersService(
      repository,
      new OfferListRepository(db, database.dialect),
      services.get('projects'),
      services.get('subsidiaries'),
      services.get('jobBoards'),
      services.get('customFields'),
      services.get('offerImages'),
      services.get('companySettings'),
    );
    services.provide('offers', service);
    const offerExport = new OfferExportService(service, services.get('audit'), (companyId) =>
      services.get('companySettings').timeZone(companyId),
    );
    services.provide('offerExport', offerExport);
    await app.register(offersRoutes(service, new OfferExtrasService(repository, service)), {
      prefix: '/api',
    });
    const selections = new OfferSelectionService(db, service, new BulkOperations(db));
    selections.register(worker);
    await app.register(offerActionsRoutes(service, selections), { prefix: '/api' });
    await app.register(offerExportRoutes(offerExport, services.get('profile')), {
      prefix: '/api',
    });
  },
});
