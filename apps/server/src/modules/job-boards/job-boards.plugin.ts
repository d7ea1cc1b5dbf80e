import { secretBoxFor } from '../../platform/crypto/secret-box.ts';
import { defineModule } from '../../platform/modules/app-module.ts';
import { JobBoardsRepository } from './job-boards.repository.ts';
import { jobBoardsRoutes } from './job-boards.routes.ts';
import { JobBoardsService } from './job-boards.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    jobBoards: JobBoardsService;
  }
}

/**
 * The job boards a company publishes to, with their sealed credentials (issue 17 item 6,
 * contracts/job-boards.ts). Registered before the offers module, which lists the enabled ones.
 */
export const jobBoardsModule = defineModule({
  name: 'job-boards',
  async register({ app, config, database, services }) {
    const service = new JobBoardsService(
      new JobBoardsRepository(database.db),
      secretBoxFor(config),
      services.get('audit'),
    );
    services.provide('jobBoards', service);
    await app.register(jobBoardsRoutes(service), { prefix: '/api' });
  },
});
