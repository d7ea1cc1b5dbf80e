import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSourcingPage, ZSourcingQuery } from '@embauche/contracts/sourcing';
import { requireAccess } from '../../platform/auth/access.ts';
import type { SourcingService } from './sourcing.service.ts';

/** `GET /api/sourcing/search` (contracts/sourcing.ts): `sourcing.access`, 403 otherwise. */
export function sourcingRoutes(service: SourcingService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/sourcing/search',
      {
        config: { access: 'sourcing.access' as const },
        // page, per_page and filter[…] are read by the service (kept, not stripped).
        schema: { querystring: ZSourcingQuery.loose(), response: { 200: ZSourcingPage } },
      },
      async (request) =>
        service.search(
          requireAccess(request),
          request.query.q,
          request.query.sort,
          request.query as Record<string, unknown>,
        ),
    );
  };
}
