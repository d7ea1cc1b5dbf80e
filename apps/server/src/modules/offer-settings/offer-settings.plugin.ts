import { defineModule } from '../../platform/modules/app-module.ts';
import { applicationPathRoutes } from './application-path.routes.ts';
import { ApplicationPathRepository } from './application-path.repository.ts';
import { ApplicationPathService } from './application-path.service.ts';
import { offerImagesRoutes } from './offer-images.routes.ts';
import { OfferImagesRepository } from './offer-images.repository.ts';
import { OfferImagesService } from './offer-images.service.ts';
import { offerTemplatesRoutes } from './offer-templates.routes.ts';
import { OfferTemplatesRepository } from './offer-templates.repository.ts';
import { OfferTemplatesService } from './offer-templates.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    offerImages: OfferImagesService;
    applicationPath: ApplicationPathService;
  }
}

/**
 * Job-offer settings (issue 17 item 5, contracts/offer-settings.ts): offer templates, the image
 * bank (offers name their image, checked through the `offerImages` service, so this module comes
 * before the offers module) and the company's default application path.
 */
export const offerSettingsModule = defineModule({
  name: 'offer-settings',
  async register({ app, database, files, services }) {
    const { db } = database;
    const audit = services.get('audit');
    const images = new OfferImagesService(new OfferImagesRepository(db), files, audit);
    const applicationPath = new ApplicationPathService(new ApplicationPathRepository(db));
    services.provide('offerImages', images);
    services.provide('applicationPath', applicationPath);
    await app.register(
      offerTemplatesRoutes(new OfferTemplatesService(new OfferTemplatesRepository(db), audit)),
      {
        prefix: '/api',
      },
    );
    await app.register(offerImagesRoutes(images), { prefix: '/api' });
    await app.register(applicationPathRoutes(applicationPath), { prefix: '/api' });
  },
});
