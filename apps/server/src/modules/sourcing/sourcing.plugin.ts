import { defineModule } from '../../platform/modules/app-module.ts';
import { SourcingRepository } from './sourcing.repository.ts';
import { sourcingRoutes } from './sourcing.routes.ts';
import { SourcingService } from './sourcing.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    /** The sourcing search as an "all that match" selection (issue 42 part 2). */
    sourcing: Pick<SourcingService, 'selection'>;
  }
}

/** The sourcing search over the company's applicants (issue 15, docs/sourcing.md). */
export const sourcingModule = defineModule({
  name: 'sourcing',
  async register({ app, database, services }) {
    const repo = new SourcingRepository(database.db, database.dialect);
    const service = new SourcingService(repo, () => services.get('projects'));
    services.provide('sourcing', service);
    await app.register(sourcingRoutes(service), { prefix: '/api' });
  },
});
