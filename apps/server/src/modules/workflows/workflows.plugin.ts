import { defineModule } from '../../platform/modules/app-module.ts';
import { WorkflowsRepository } from './workflows.repository.ts';
import { StatusSettingsService } from './status-settings.service.ts';
import { workflowsRoutes } from './workflows.routes.ts';
import { WorkflowsService } from './workflows.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    workflows: WorkflowsService;
  }
}

/**
 * Workflows and statuses configuration (issue 17 items 2 and 3, contracts/workflows.ts): named
 * workflows of ordered statuses, the company's status names, colours and motifs. Provides the
 * statuses an offer's board follows to the applications module.
 */
export const workflowsModule = defineModule({
  name: 'workflows',
  async register({ app, database, services }) {
    const repo = new WorkflowsRepository(database.db);
    const audit = services.get('audit');
    const service = new WorkflowsService(repo, audit);
    services.provide('workflows', service);
    const statuses = new StatusSettingsService(repo, audit, service);
    await app.register(workflowsRoutes(service, statuses), { prefix: '/api' });
  },
});
