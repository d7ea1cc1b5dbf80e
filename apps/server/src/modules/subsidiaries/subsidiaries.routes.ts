import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSubsidiary } from '@embauche/contracts/subsidiaries';
import { requireAccess } from '../../platform/auth/access.ts';
import type { SubsidiariesService } from './subsidiaries.service.ts';

/** `GET /subsidiaries`: every signed-in user of the company may pick a subsidiary. */
export function subsidiariesRoutes(service: SubsidiariesService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/subsidiaries',
      { config: { access: '*' }, schema: { response: { 200: z.array(ZSubsidiary) } } },
      async (request) => service.list(requireAccess(request)),
    );
  };
}
