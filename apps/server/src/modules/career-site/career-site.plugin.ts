import { defineModule } from '../../platform/modules/app-module.ts';
import { CareerSiteRepository } from './career-site.repository.ts';
import { careerSiteRoutes } from './career-site.routes.ts';
import { CareerSiteService } from './career-site.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    careerSite: CareerSiteService;
  }
}

/**
 * The company's career site (issue 37, contracts/career-site.ts): its settings page. Listed after
 * the company settings (the logo, the default language) and the offer settings (the image bank).
 */
export const careerSiteModule = defineModule({
  name: 'career-site',
  async register({ app, config, database, services }) {
    const service = new CareerSiteService(
      new CareerSiteRepository(database.db),
      services.get('companySettings'),
      services.get('offerImages'),
      services.get('audit'),
      config.careerSiteUrl,
    );
    services.provide('careerSite', service);
    await app.register(careerSiteRoutes(service), { prefix: '/api' });
  },
});
