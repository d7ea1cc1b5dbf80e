import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParam } from '@embauche/contracts/ids';
import {
  ZMailModel,
  ZMailModelInput,
  ZMailModelListQuery,
  ZMailModelPage,
  ZMailPreview,
  ZMailPreviewInput,
  ZMailTestInput,
} from '@embauche/contracts/mail-models';
import { requireAccess } from '../../platform/auth/access.ts';
import type { MailModelsService } from './mail-models.service.ts';

/** The config page `emails/model` (spec 2, `config.emails`): contracts/mail-models.ts. */
export function mailModelsRoutes(service: MailModelsService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'config.emails' } as const;
    const params = z.object({ id: ZIdParam });

    app.get(
      '/mail-models',
      { config, schema: { querystring: ZMailModelListQuery, response: { 200: ZMailModelPage } } },
      async (request) => service.page(requireAccess(request), request.query),
    );
    app.post(
      '/mail-models/preview',
      { config, schema: { body: ZMailPreviewInput, response: { 200: ZMailPreview } } },
      async (request) => service.preview(requireAccess(request), request.body),
    );
    app.get(
      '/mail-models/:id',
      { config, schema: { params, response: { 200: ZMailModel } } },
      async (request) => service.get(requireAccess(request), request.params.id),
    );
    app.post(
      '/mail-models',
      { config, schema: { body: ZMailModelInput, response: { 201: ZMailModel } } },
      async (request, reply) =>
        reply.status(201).send(await service.create(requireAccess(request), request.body)),
    );
    app.put(
      '/mail-models/:id',
      { config, schema: { params, body: ZMailModelInput, response: { 200: ZMailModel } } },
      async (request) => service.update(requireAccess(request), request.params.id, request.body),
    );
    app.delete('/mail-models/:id', { config, schema: { params } }, async (request, reply) => {
      await service.remove(requireAccess(request), request.params.id);
      return reply.status(204).send();
    });
    app.post(
      '/mail-models/:id/test',
      { config, schema: { params, body: ZMailTestInput } },
      async (request, reply) => {
        await service.test(requireAccess(request), request.params.id, request.body.language);
        return reply.status(202).send();
      },
    );
  };
}
