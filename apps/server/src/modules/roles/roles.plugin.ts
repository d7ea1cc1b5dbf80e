import { defineModule } from '../../platform/modules/app-module.ts';
import { RolesRepository } from './roles.repository.ts';
import { rolesRoutes } from './roles.routes.ts';
import { RolesService } from './roles.service.ts';

/**
 * Roles and rights (issue 16 item 2, contracts/roles.ts): the company's roles tree and each
 * role's permissions over the catalogue. Every change goes to the audit trail.
 */
export const rolesModule = defineModule({
  name: 'roles',
  async register({ app, database, services }) {
    const service = new RolesService(new RolesRepository(database.db), services.get('audit'));
    await app.register(rolesRoutes(service), { prefix: '/api' });
  },
});
