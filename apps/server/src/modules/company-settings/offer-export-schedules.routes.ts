import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParam } from '@embauche/contracts/ids';
import {
  ZOfferExportRecipients,
  ZOfferExportSchedule,
  ZOfferExportScheduleForm,
  ZOfferExportSchedulePage,
} from '@embauche/contracts/offer-export-schedules';
import { ZPageQuery } from '@embauche/contracts/paging';
import { requireAccess } from '../../platform/auth/access.ts';
import type { OfferExportSchedulesService } from './offer-export-schedules.service.ts';

/** Scheduled offer exports (contracts/offer-export-schedules.ts), `config.export_job_offers`. */
export function offerExportSchedulesRoutes(service: OfferExportSchedulesService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'config.export_job_offers' } as const;
    const params = z.object({ id: ZIdParam });
    const path = '/config/offer-export-schedules';

    app.get(
      path,
      { config, schema: { querystring: ZPageQuery, response: { 200: ZOfferExportSchedulePage } } },
      async (request) =>
        service.list(requireAccess(request), request.query.page, request.query.per_page),
    );
    app.get(
      `${path}/recipients`,
      { config, schema: { response: { 200: ZOfferExportRecipients } } },
      async (request) => service.recipients(requireAccess(request)),
    );
    app.post(
      path,
      {
        config,
        schema: { body: ZOfferExportScheduleForm, response: { 201: ZOfferExportSchedule } },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(requireAccess(request), request.body)),
    );
    app.get(
      `${path}/:id`,
      { config, schema: { params, response: { 200: ZOfferExportSchedule } } },
      async (request) => service.get(requireAccess(request), request.params.id),
    );
    app.put(
      `${path}/:id`,
      {
        config,
        schema: { params, body: ZOfferExportScheduleForm, response: { 200: ZOfferExportSchedule } },
      },
      async (request) => service.update(requireAccess(request), request.params.id, request.body),
    );
    app.delete(`${path}/:id`, { config, schema: { params } }, async (request, reply) => {
      await service.remove(requireAccess(request), request.params.id);
      return reply.status(204).send();
    });
  };
}
