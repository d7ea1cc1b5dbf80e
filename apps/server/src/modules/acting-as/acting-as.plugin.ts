import { defineModule } from '../../platform/modules/app-module.ts';
import { ActingAsRepository } from './acting-as.repository.ts';
import { actingAsRoutes } from './acting-as.routes.ts';
import { ActingAsService } from './acting-as.service.ts';
import { ActingContext } from './acting-context.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    actingContext: ActingContext;
  }
}

/**
 * Acting as another company, role or user (issue 16 item 3): the super and partner
 * administrators' switchers. What a session acts as is applied to each request by the auth
 * module's context (acting-context.ts).
 */
export const actingAsModule = defineModule({
  name: 'acting-as',
  async register({ app, database, sessions, services }) {
    const repo = new ActingAsRepository(database.db, database.dialect);
    services.provide('actingContext', new ActingContext(repo));
    const service = new ActingAsService(repo, sessions, services.get('audit'));
    await app.register(actingAsRoutes(service), { prefix: '/api' });
  },
});
