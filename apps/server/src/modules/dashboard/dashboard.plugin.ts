import { defineModule } from '../../platform/modules/app-module.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { DashboardService } from './dashboard.service.ts';

/** The dashboard's figures and lists. */
export const dashboardModule = defineModule({
  name: 'dashboard',
  async register({ app, services }) {
    await app.register(dashboardRoutes(new DashboardService(services.get('offers'))), {
      prefix: '/api',
    });
  },
});
