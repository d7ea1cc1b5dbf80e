import { defineModule } from '../../platform/modules/app-module.ts';
import { CustomFieldsRepository } from './custom-fields.repository.ts';
import { customFieldsRoutes } from './custom-fields.routes.ts';
import { CustomFieldsService } from './custom-fields.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    customFields: CustomFieldsService;
  }
}

/**
 * Custom fields (issue 17 item 5, contracts/custom-fields.ts): the fields a company adds to its
 * offers, applicants and applications, and their values. The offers module checks, writes,
 * filters and exports offer values through this service; applicants' and applications' values
 * have their own calls here, which ask those modules (registered later) whether the user sees them.
 */
export const customFieldsModule = defineModule({
  name: 'custom-fields',
  async register({ app, database, services }) {
    const service = new CustomFieldsService(
      new CustomFieldsRepository(database.db, database.dialect),
      services.get('audit'),
      async (auth, entity, id) => {
        if (entity === 'applicant') await services.get('applicants').require(auth, id);
        else await services.get('applications').require(auth, id);
      },
    );
    services.provide('customFields', service);
    await app.register(customFieldsRoutes(service), { prefix: '/api' });
  },
});
