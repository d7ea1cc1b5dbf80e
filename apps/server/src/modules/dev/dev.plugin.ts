import { defineModule } from '../../platform/modules/app-module.ts';
import { devRoutes } from './dev.routes.ts';

/** Development pages (the mail outbox); answer 404 in production. */
export const devModule = defineModule({
  name: 'dev',
  async register({ app, config, database }) {
    await app.register(devRoutes(database.db, config.env), { prefix: '/api' });
  },
});
