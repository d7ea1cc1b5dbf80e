import { defineModule } from '../../platform/modules/app-module.ts';
import { SourcingRepository } from './sourcing.repository.ts';
import { sourcingRoutes } from './sourcing.routes.ts';
import { SourcingService } from './sourcing.service.ts';

/** The sourcing search over the company's applicants (issue 15, docs/sourcing.md). */
export const sourcingModule = defineModule({
  name: 'sourcing',
  async register({ app, database, services }) {
    const repo = new SourcingRepository(database.db, database.dialect);
    const service = new SourcingService(repo, () => services.get('projects'));
    await app.register(sourcingRoutes(service), { prefix: '/api' });
  },
});
