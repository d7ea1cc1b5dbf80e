import { PublicTokenGuard } from '../../platform/http/public-token-guard.ts';
import { defineModule } from '../../platform/modules/app-module.ts';
import { ApplicantsRepository } from './applicants.repository.ts';
import { applicantsRoutes } from './applicants.routes.ts';
import { ApplicantsService } from './applicants.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    applicants: ApplicantsService;
  }
}

/** Applicants, their files and document requests, and the public document upload page. */
export const applicantsModule = defineModule({
  name: 'applicants',
  async register({ app, config, database, files, worker, uploads, services }) {
    const service = new ApplicantsService(
      new ApplicantsRepository(database.db, database.dialect),
      files,
      { publicUrl: config.publicUrl ?? `http://localhost:${config.port}` },
      services.get('projects'),
      // The feed's module comes later in app.ts: looked up when an event happens.
      () => services.get('activityFeed'),
    );
    service.registerJobs(worker);
    services.provide('applicants', service);
    await app.register(
      applicantsRoutes(service, uploads, new PublicTokenGuard(database.db, config.publicToken)),
      { prefix: '/api' },
    );
  },
});
