import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES } from '@embauche/contracts/constants';
import { EXPORT_FORMATS, ZExportSpecificRequest } from '@embauche/contracts/offers';
import { requireAccess } from '../../platform/auth/access.ts';
import type { ExportFile, OfferExportService } from './offer-export.service.ts';

const lang = z.enum(LANGUAGES).default('fr');

/** Offer exports; `lang` (query) chooses the column titles. */
export function offerExportRoutes(service: OfferExportService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const access = { access: 'project_job_offer.export' as const };
    const send = (reply: FastifyReply, file: ExportFile) =>
      reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);

    app.post(
      '/projects/all/offers/export/specific',
      {
        config: access,
        schema: { body: ZExportSpecificRequest, querystring: z.object({ lang }) },
      },
      async (request, reply) =>
        send(
          reply,
          await service.specific(
            requireAccess(request),
            request.body.format,
            request.body.offer_ids,
            request.query.lang,
          ),
        ),
    );

    app.get(
      '/projects/all/offers/export/all',
      {
        config: access,
        schema: {
          querystring: z.looseObject({
            format: z.enum(EXPORT_FORMATS, { message: 'invalid' }),
            lang,
          }),
        },
      },
      async (request, reply) =>
        send(
          reply,
          await service.all(
            requireAccess(request),
            request.query.format,
            request.query as Record<string, unknown>,
            request.query.lang,
          ),
        ),
    );
  };
}
