import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParam } from '@embauche/contracts/ids';
import {
  ZOfferTemplate,
  ZOfferTemplateChoices,
  ZOfferTemplateChoicesQuery,
  ZOfferTemplateForm,
  ZOfferTemplateListQuery,
  ZOfferTemplatePage,
} from '@embauche/contracts/offer-settings';
import { requireAccess } from '../../platform/auth/access.ts';
import type { OfferTemplatesService } from './offer-templates.service.ts';

/** The config page joboffers/templates (`config.templates`) and the new-offer dialog's picker. */
export function offerTemplatesRoutes(service: OfferTemplatesService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'config.templates' } as const;
    const params = z.object({ id: ZIdParam });

    app.get(
      '/offer-templates',
      {
        config,
        schema: { querystring: ZOfferTemplateListQuery, response: { 200: ZOfferTemplatePage } },
      },
      async (request) => service.page(requireAccess(request), request.query),
    );
    // Whoever may create an offer may start it from a template.
    app.get(
      '/offer-templates/choices',
      {
        config: { access: 'project_job_offer.create' },
        schema: {
          querystring: ZOfferTemplateChoicesQuery,
          response: { 200: ZOfferTemplateChoices },
        },
      },
      async (request) => service.choices(requireAccess(request), request.query['filter[search]']),
    );
    app.post(
      '/offer-templates',
      { config, schema: { body: ZOfferTemplateForm, response: { 201: ZOfferTemplate } } },
      async (request, reply) =>
        reply.status(201).send(await service.create(requireAccess(request), request.body)),
    );
    app.get(
      '/offer-templates/:id',
      { config, schema: { params, response: { 200: ZOfferTemplate } } },
      async (request) => service.get(requireAccess(request), request.params.id),
    );
    app.put(
      '/offer-templates/:id',
      { config, schema: { params, body: ZOfferTemplateForm, response: { 200: ZOfferTemplate } } },
      async (request) => service.update(requireAccess(request), request.params.id, request.body),
    );
    // Last: a walk over the routes (tests) reads the template before deleting it.
    app.delete('/offer-templates/:id', { config, schema: { params } }, async (request, reply) => {
      await service.remove(requireAccess(request), request.params.id);
      return reply.status(204).send();
    });
  };
}
