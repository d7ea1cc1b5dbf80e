import { defineModule } from '../../platform/modules/app-module.ts';
import { healthRoutes } from './health.routes.ts';

/** `/api/health`. */
export const healthModule = defineModule({
  name: 'health',
  async register({ app, database }) {
    await app.register(healthRoutes(database.db), { prefix: '/api' });
  },
});
