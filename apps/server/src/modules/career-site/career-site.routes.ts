import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCareerSite, ZCareerSiteForm } from '@embauche/contracts/career-site';
import { requireAccess } from '../../platform/auth/access.ts';
import type { CareerSiteService } from './career-site.service.ts';

/** The config page `career-site` (`config.settings_sc`); contracts/career-site.ts documents it. */
export function careerSiteRoutes(service: CareerSiteService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'config.settings_sc' } as const;

    app.get(
      '/config/career-site',
      { config, schema: { response: { 200: ZCareerSite } } },
      async (request) => service.get(requireAccess(request)),
    );
    app.put(
      '/config/career-site',
      { config, schema: { body: ZCareerSiteForm, response: { 200: ZCareerSite } } },
      async (request) => service.save(requireAccess(request), request.body),
    );
  };
}
