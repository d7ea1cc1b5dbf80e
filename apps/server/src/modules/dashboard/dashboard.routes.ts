import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DASHBOARD_PAGE_SIZE, ZDashboardOfferPage } from '@embauche/contracts/dashboard';
import { ZPage, ZPerPage } from '@embauche/contracts/paging';
import { requireAccess } from '../../platform/auth/access.ts';
import type { DashboardService } from './dashboard.service.ts';
import { compiledSerializer } from '../../platform/serialization/compiled-serializer.ts';

const pageQuery = z.object({
  page: ZPage.default(1),
  per_page: ZPerPage.default(DASHBOARD_PAGE_SIZE),
});

/** The four dashboard calls of spec section 7; every signed-in user has a home page. */
export function dashboardRoutes(service: DashboardService) {
  return async (instance: FastifyInstance) => {
    // Lists answer many rows: their JSON is written by a serializer compiled from the schema.
    instance.setSerializerCompiler(compiledSerializer);
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const options = {
      config: { access: '*' as const },
      schema: { querystring: pageQuery, response: { 200: ZDashboardOfferPage } },
    };
    const page = (q: z.infer<typeof pageQuery>) => ({ page: q.page, perPage: q.per_page });

    app.get('/dashboard/offers/latest', options, async (request) =>
      service.latest(requireAccess(request), page(request.query)),
    );
    app.get('/dashboard/offers/favorites', options, async (request) =>
      service.favorites(requireAccess(request), page(request.query)),
    );
    app.get('/dashboard/offers/alerts', options, async (request) =>
      service.alerts(requireAccess(request), page(request.query), false),
    );
    app.get('/dashboard/offers/alerts/untreated', options, async (request) =>
      service.alerts(requireAccess(request), page(request.query), true),
    );
  };
}
