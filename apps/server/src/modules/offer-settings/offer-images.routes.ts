import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParam } from '@embauche/contracts/ids';
import {
  OFFER_IMAGE_MAX_BYTES,
  OFFER_IMAGE_MAX_MB,
  ZOfferImage,
  ZOfferImageListQuery,
  ZOfferImagePage,
} from '@embauche/contracts/offer-settings';
import { requireAccess } from '../../platform/auth/access.ts';
import { readMultipart } from '../../platform/http/parse-body.ts';
import { validationFailed } from '../../platform/http/http-error.ts';
import type { OfferImagesService } from './offer-images.service.ts';

/**
 * The config page joboffers/image-bank (`config.images_bank`); the offer form's picker and the
 * images themselves are for any user of the company (offers show them).
 */
export function offerImagesRoutes(service: OfferImagesService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'config.images_bank' } as const;
    const any = { access: '*' } as const;
    const params = z.object({ id: ZIdParam });

    app.get(
      '/offer-images',
      { config, schema: { querystring: ZOfferImageListQuery, response: { 200: ZOfferImagePage } } },
      async (request) => service.page(requireAccess(request), request.query),
    );
    app.get(
      '/offer-images/choices',
      {
        config: any,
        schema: { querystring: ZOfferImageListQuery, response: { 200: ZOfferImagePage } },
      },
      async (request) => service.page(requireAccess(request), request.query),
    );
    app.post(
      '/offer-images',
      { config, schema: { response: { 201: ZOfferImage } } },
      async (request, reply) => {
        const auth = requireAccess(request, 'config.images_bank');
        if (!request.isMultipart()) throw validationFailed({ file: ['field_required'] });
        const { files } = await readMultipart(request, OFFER_IMAGE_MAX_BYTES, OFFER_IMAGE_MAX_MB);
        const image = await service.upload(
          auth,
          files.find((f) => f.field === 'file'),
        );
        return reply.status(201).send(image);
      },
    );
    for (const which of ['file', 'thumbnail'] as const) {
      app.get(
        `/offer-images/:id/${which}`,
        { config: any, schema: { params } },
        async (request, reply) => {
          const { data, mime } = await service.bytes(
            requireAccess(request),
            request.params.id,
            which,
          );
          return reply
            .header('content-type', mime)
            .header('cache-control', 'private, max-age=86400')
            .header('x-content-type-options', 'nosniff')
            .send(data);
        },
      );
    }
    // Last: a walk over the routes (tests) reads the image before deleting it.
    app.delete('/offer-images/:id', { config, schema: { params } }, async (request, reply) => {
      await service.remove(requireAccess(request), request.params.id);
      return reply.status(204).send();
    });
  };
}
