import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCustomField,
  ZCustomFieldCreate,
  ZCustomFieldDeleteQuery,
  ZCustomFieldListQuery,
  ZCustomFieldOrder,
  ZCustomFieldUpdate,
  ZCustomFieldValuesBody,
  ZCustomFieldValuesResponse,
} from '@embauche/contracts/custom-fields';
import { ZIdParam } from '@embauche/contracts/ids';
import { requireAccess } from '../../platform/auth/access.ts';
import type { CustomFieldsService } from './custom-fields.service.ts';

/**
 * The config page `custom-fields` (spec 2, `config.custom_fields`), the active fields that forms
 * read (any signed-in user) and the values of applicants and applications.
 */
export function customFieldsRoutes(service: CustomFieldsService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'config.custom_fields' } as const;
    const params = z.object({ id: ZIdParam });

    app.get(
      '/custom-fields',
      {
        config,
        schema: { querystring: ZCustomFieldListQuery, response: { 200: z.array(ZCustomField) } },
      },
      async (request) => service.list(requireAccess(request), request.query),
    );
    app.get(
      '/custom-fields/active',
      {
        config: { access: '*' },
        schema: {
          querystring: ZCustomFieldListQuery.pick({ entity: true }),
          response: { 200: z.array(ZCustomField) },
        },
      },
      async (request) => service.active(requireAccess(request).companyId, request.query.entity),
    );
    app.post(
      '/custom-fields',
      { config, schema: { body: ZCustomFieldCreate, response: { 201: ZCustomField } } },
      async (request, reply) =>
        reply.status(201).send(await service.create(requireAccess(request), request.body)),
    );
    app.put(
      '/custom-fields/order',
      { config, schema: { body: ZCustomFieldOrder } },
      async (request, reply) => {
        await service.reorder(requireAccess(request), request.body);
        return reply.status(204).send();
      },
    );
    app.get(
      '/custom-fields/:id',
      { config, schema: { params, response: { 200: ZCustomField } } },
      async (request) => service.get(requireAccess(request), request.params.id),
    );
    app.put(
      '/custom-fields/:id',
      { config, schema: { params, body: ZCustomFieldUpdate, response: { 200: ZCustomField } } },
      async (request) => service.update(requireAccess(request), request.params.id, request.body),
    );
    for (const [path, entity] of [
      ['/applicants/:id/custom-fields', 'applicant'],
      ['/applications/:id/custom-fields', 'application'],
    ] as const) {
      app.get(
        path,
        {
          config: { access: 'project_application.see' },
          schema: { params, response: { 200: ZCustomFieldValuesResponse } },
        },
        async (request) => service.entityValues(requireAccess(request), entity, request.params.id),
      );
      app.put(
        path,
        {
          config: { access: 'project_application.edit' },
          schema: {
            params,
            body: ZCustomFieldValuesBody,
            response: { 200: ZCustomFieldValuesResponse },
          },
        },
        async (request) =>
          service.setEntityValues(
            requireAccess(request),
            entity,
            request.params.id,
            request.body.custom_fields,
          ),
      );
    }
    // Last: a walk over the routes (tests) reads the field before deleting it.
    app.delete(
      '/custom-fields/:id',
      { config, schema: { params, querystring: ZCustomFieldDeleteQuery } },
      async (request, reply) => {
        await service.remove(
          requireAccess(request),
          request.params.id,
          request.query.force === '1',
        );
        return reply.status(204).send();
      },
    );
  };
}
