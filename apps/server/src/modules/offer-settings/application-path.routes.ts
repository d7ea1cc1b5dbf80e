import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApplicationPath, ZApplicationPathForm } from '@embauche/contracts/offer-settings';
import { requireAccess } from '../../platform/auth/access.ts';
import type { ApplicationPathService } from './application-path.service.ts';

/** The config page joboffers/application-path (`config.default_application_path`). */
export function applicationPathRoutes(service: ApplicationPathService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'config.default_application_path' } as const;

    app.get(
      '/application-path',
      { config, schema: { response: { 200: ZApplicationPath } } },
      async (request) => service.get(requireAccess(request)),
    );
    app.put(
      '/application-path',
      { config, schema: { body: ZApplicationPathForm, response: { 200: ZApplicationPath } } },
      async (request) => service.save(requireAccess(request), request.body),
    );
    // What the manual applicant form reads to mark its required fields: any user of the company.
    app.get(
      '/application-path/form',
      { config: { access: '*' }, schema: { response: { 200: ZApplicationPath } } },
      async (request) => service.get(requireAccess(request)),
    );
  };
}
