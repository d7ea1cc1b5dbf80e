import { defineModule } from '../../platform/modules/app-module.ts';
import { ProjectsRepository } from './projects.repository.ts';
import { projectsRoutes } from './projects.routes.ts';
import { ProjectsService } from './projects.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    projects: ProjectsService;
  }
}

/** The project tree, favourites and accesses; decides which projects a user sees. */
export const projectsModule = defineModule({
  name: 'projects',
  async register({ app, database, services }) {
    const service = new ProjectsService(
      new ProjectsRepository(database.db),
      services.get('subsidiaries'),
    );
    services.provide('projects', service);
    await app.register(projectsRoutes(service), { prefix: '/api' });
  },
});
