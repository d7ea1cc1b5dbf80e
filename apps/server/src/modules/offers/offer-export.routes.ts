import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES, type Language } from '@embauche/contracts/constants';
import { requiredOr } from '@embauche/contracts/errors';
import { MAX_ID } from '@embauche/contracts/ids';
import { EXPORT_FORMATS, ZExportSpecificRequest } from '@embauche/contracts/offers';
import { ZProjectRef } from '@embauche/contracts/projects';
import { requireAccess } from '../../platform/auth/access.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { requestLanguage } from '../../platform/http/request-language.ts';
import type { ExportFile, OfferExportService } from './offer-export.service.ts';

const lang = z.enum(LANGUAGES, { error: requiredOr() }).optional();

type SavedLanguage = { savedLanguage(auth: AuthContext): Promise<string | null> };

/**
 * Offer exports. The file is written in `?lang=` (the language of the screen that asks), else the
 * user's saved language, else Accept-Language, else French. `GET …/export/all?project=` exports
 * what that offer list shows (see OfferExportService.all), less `except` (the offers unticked after
 * "select all N that match", issue 42 part 2).
 */
export function offerExportRoutes(service: OfferExportService, profile: SavedLanguage) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const access = { access: 'project_job_offer.export' as const };
    const send = (reply: FastifyReply, file: ExportFile) =>
      reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    const language = async (request: FastifyRequest, explicit: Language | undefined) =>
      requestLanguage(
        request,
        explicit,
        explicit ? null : await profile.savedLanguage(requireAccess(request)),
      );

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
            await language(request, request.query.lang),
          ),
        ),
    );

    app.get(
      '/projects/all/offers/export/all',
      {
        config: access,
        schema: {
          querystring: z.looseObject({
            format: z.enum(EXPORT_FORMATS, { error: requiredOr() }),
            lang,
            project: ZProjectRef.optional(),
            /** Offers left out ("select all that match" less the unticked ones): ids, comma-separated. */
            except: z
              .string()
              .max(12_000)
              .regex(/^\d+(,\d+)*$/, 'invalid')
              // Each an id the database holds (a bigger number failed the export mid-stream).
              .refine((v) => v.split(',').every((id) => Number(id) <= MAX_ID), 'invalid')
              .optional(),
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
            await language(request, request.query.lang),
            request.query.project,
            request.query.except?.split(',').map(Number),
          ),
        ),
    );
  };
}
