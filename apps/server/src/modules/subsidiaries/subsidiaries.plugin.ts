import { defineModule } from '../../platform/modules/app-module.ts';
import { SubsidiariesRepository } from './subsidiaries.repository.ts';
import { subsidiariesRoutes } from './subsidiaries.routes.ts';
import { SubsidiariesService } from './subsidiaries.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    subsidiaries: SubsidiariesService;
  }
}

/**
 * The company's subsidiaries (client organisations): the pickers' list and the config page
 * `subsidiaries` (issue 17 item 4, contracts/subsidiaries.ts).
 */
export const subsidiariesModule = defineModule({
  name: 'subsidiaries',
  async register({ app, database, services }) {
    const service = new SubsidiariesService(
      new SubsidiariesRepository(database.db),
      services.get('audit'),
    );
    services.provide('subsidiaries', service);
    await app.register(subsidiariesRoutes(service), { prefix: '/api' });
  },
});
