import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParam } from '@embauche/contracts/ids';
import {
  ZSubsidiary,
  ZSubsidiaryArchive,
  ZSubsidiaryCreate,
  ZSubsidiaryItem,
  ZSubsidiaryMode,
  ZSubsidiaryMove,
  ZSubsidiaryRename,
  ZSubsidiaryTree,
  ZSubsidiaryUserPage,
  ZSubsidiaryUserQuery,
  ZSubsidiaryUsersSet,
} from '@embauche/contracts/subsidiaries';
import { requireAccess } from '../../platform/auth/access.ts';
import type { SubsidiariesService } from './subsidiaries.service.ts';

/**
 * `GET /subsidiaries`: every signed-in user of the company may pick a subsidiary. The config page
 * `subsidiaries` (spec 2): every `/config/subsidiar…` route needs `config.subsidiaries`.
 */
export function subsidiariesRoutes(service: SubsidiariesService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/subsidiaries',
      { config: { access: '*' }, schema: { response: { 200: z.array(ZSubsidiary) } } },
      async (request) => service.list(requireAccess(request)),
    );

    const config = { access: 'config.subsidiaries' } as const;
    const params = z.object({ id: ZIdParam });
    app.get(
      '/config/subsidiaries',
      { config, schema: { response: { 200: ZSubsidiaryTree } } },
      async (request) => service.tree(requireAccess(request)),
    );
    app.get(
      '/config/subsidiaries/users',
      {
        config,
        schema: { querystring: ZSubsidiaryUserQuery, response: { 200: ZSubsidiaryUserPage } },
      },
      async (request) => service.companyUsers(requireAccess(request), request.query),
    );
    app.post(
      '/config/subsidiaries',
      { config, schema: { body: ZSubsidiaryCreate, response: { 201: ZSubsidiaryItem } } },
      async (request, reply) =>
        reply.status(201).send(await service.create(requireAccess(request), request.body)),
    );
    app.put(
      '/config/subsidiaries/:id',
      { config, schema: { params, body: ZSubsidiaryRename, response: { 200: ZSubsidiaryItem } } },
      async (request) =>
        service.rename(requireAccess(request), request.params.id, request.body.name),
    );
    app.put(
      '/config/subsidiaries/:id/move',
      { config, schema: { params, body: ZSubsidiaryMove, response: { 200: ZSubsidiaryItem } } },
      async (request) =>
        service.move(requireAccess(request), request.params.id, request.body.parent_id),
    );
    app.put(
      '/config/subsidiaries/:id/archive',
      { config, schema: { params, body: ZSubsidiaryArchive, response: { 200: ZSubsidiaryItem } } },
      async (request) =>
        service.setArchived(requireAccess(request), request.params.id, request.body.archived),
    );
    app.get(
      '/config/subsidiaries/:id/users',
      {
        config,
        schema: {
          params,
          querystring: ZSubsidiaryUserQuery,
          response: { 200: ZSubsidiaryUserPage },
        },
      },
      async (request) => service.users(requireAccess(request), request.params.id, request.query),
    );
    app.put(
      '/config/subsidiaries/:id/users',
      { config, schema: { params, body: ZSubsidiaryUsersSet } },
      async (request, reply) => {
        await service.setUsers(requireAccess(request), request.params.id, request.body.user_ids);
        return reply.status(204).send();
      },
    );
    app.put(
      '/config/subsidiary-mode',
      { config, schema: { body: ZSubsidiaryMode, response: { 200: ZSubsidiaryMode } } },
      async (request) => service.setMode(requireAccess(request), request.body.subsidiary_mode),
    );
  };
}
